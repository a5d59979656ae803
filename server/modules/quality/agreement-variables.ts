import { type SQL, sql } from 'drizzle-orm'
import {
  type AnnotationField,
  layoutRows,
  MULTI_VALUE_SEPARATOR,
  type TaskSchemaDocument,
} from '../../../contract/task-schema'
import type { AlphaMetric } from './statistics'

/**
 * What agreement is measured on: one variable per single-choice, checkbox (or other bool) and
 * number field, and one per option of a multi-choice field (named `<field>.<option>`: chosen or
 * not). Text and media fields have none. Each variable reads its value from an annotation's
 * data as normalized text, null where the annotation gives none, so that equal answers spelled
 * differently ('Yes ' and 'yes', '2' and '2.0') count as equal.
 */
export type AgreementVariable = { name: string; metric: AlphaMetric; value: SQL }

const SEPARATOR_PATTERN = `\\s*${MULTI_VALUE_SEPARATOR}\\s*`
// Digits and exponent bounded so that no matching text overflows float8.
const NUMBER_PATTERN = '^[-+]?([0-9]{1,250}([.][0-9]*)?|[.][0-9]+)([eE][-+]?[0-9]{1,2})?$'

export function agreementVariables(
  schema: TaskSchemaDocument,
  data: SQL = sql`a.data`,
): AgreementVariable[] {
  // In the order the form draws the fields (jsonb keeps no key order).
  const fields = layoutRows(schema).flatMap((row) =>
    row.cells
      .filter((cell) => cell.source === 'annotation')
      .map((cell) => [cell.name, cell.field as AnnotationField] as const),
  )
  return fields.flatMap(([name, field]): AgreementVariable[] => {
    const text = sql`trim(${data}->>${name})`
    const { component, options = [], multiple } = field.widget.config
    if (component === 'checkbox' || field.data_type === 'bool') {
      return [{ name, metric: 'nominal', value: sql`(lower(${text}) = 'true')::text` }]
    }
    if ((component === 'dropdown' || component === 'radio') && multiple) {
      // The stored choices, lower-cased and fenced by separators, so an option is found whole.
      const fenced = sql`${MULTI_VALUE_SEPARATOR} || lower(regexp_replace(${text}, ${SEPARATOR_PATTERN}, ${MULTI_VALUE_SEPARATOR}, 'g')) || ${MULTI_VALUE_SEPARATOR}`
      return options.map((option) => ({
        name: `${name}.${option}`,
        metric: 'nominal' as const,
        value: sql`(position(${`${MULTI_VALUE_SEPARATOR}${option.toLowerCase()}${MULTI_VALUE_SEPARATOR}`} in ${fenced}) > 0)::text`,
      }))
    }
    if (component === 'dropdown' || component === 'radio') {
      return [{ name, metric: 'nominal', value: sql`nullif(lower(${text}), '')` }]
    }
    if (field.data_type === 'int' || field.data_type === 'float') {
      return [
        {
          name,
          metric: 'interval',
          value: sql`case when ${text} ~ ${NUMBER_PATTERN} then (${text})::float8::text end`,
        },
      ]
    }
    return []
  })
}
