import { type SQL, sql } from 'drizzle-orm'
import {
  type AnnotationField,
  layoutRows,
  MULTI_VALUE_SEPARATOR,
  type TaskSchemaDocument,
} from '../../../contract/task-schema'

/**
 * What agreement is measured on: one variable per single-choice, checkbox (or other bool) and
 * number field, and one per option of a multi-choice field (named `<field>.<option>`: chosen or
 * not). Text and media fields have none. A nominal variable reads an annotation's value as one of
 * its categories (lower-cased, trimmed: 'Yes ' and 'yes' agree); a choice that is not among the
 * field's options is no value. An interval variable reads a number ('2' and '2.0' agree). Null
 * where the annotation gives none.
 */
export type AgreementVariable = (
  | { metric: 'nominal'; categories: string[] }
  | { metric: 'interval' }
) & {
  name: string
  /** The annotation field read, and how: once per annotation, however many variables use it. */
  field: string
  source: SQL
  /** The variable's value from the field's source. */
  value: (source: SQL) => SQL
}

const BOOL_CATEGORIES = ['true', 'false']
const SEPARATOR_PATTERN = `\\s*${MULTI_VALUE_SEPARATOR}\\s*`
// A number float8 reads without overflow: at most 100 characters, an exponent of two digits.
// (Bounded repetitions like {1,250} would make PostgreSQL's regular expression slow.)
const NUMBER_PATTERN = '^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9][0-9]?)?$'
const NUMBER_MAX_LENGTH = 100

const lowerOptions = (options: readonly string[]) => [
  ...new Set(options.map((option) => option.trim().toLowerCase())),
]

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
    const lowered = sql`lower(${text})`
    const { component, options = [], multiple } = field.widget.config
    if (component === 'checkbox' || field.data_type === 'bool') {
      const value = (source: SQL) => sql`(${source} = 'true')::text`
      return [
        {
          name,
          field: name,
          source: lowered,
          metric: 'nominal',
          categories: BOOL_CATEGORIES,
          value,
        },
      ]
    }
    if ((component === 'dropdown' || component === 'radio') && multiple) {
      // The stored choices, lower-cased and fenced by separators, so an option is found whole.
      const fenced = sql`${MULTI_VALUE_SEPARATOR} || regexp_replace(${lowered}, ${SEPARATOR_PATTERN}, ${MULTI_VALUE_SEPARATOR}, 'g') || ${MULTI_VALUE_SEPARATOR}`
      return options.map((option) => {
        const fence = `${MULTI_VALUE_SEPARATOR}${option.trim().toLowerCase()}${MULTI_VALUE_SEPARATOR}`
        return {
          name: `${name}.${option}`,
          field: name,
          source: fenced,
          metric: 'nominal' as const,
          categories: BOOL_CATEGORIES,
          value: (source: SQL) => sql`(position(${fence} in ${source}) > 0)::text`,
        }
      })
    }
    if (component === 'dropdown' || component === 'radio') {
      const categories = lowerOptions(options)
      return [
        {
          name,
          field: name,
          source: lowered,
          metric: 'nominal',
          categories,
          value: (source) => source,
        },
      ]
    }
    if (field.data_type === 'int' || field.data_type === 'float') {
      const value = (source: SQL) =>
        sql`case when length(${source}) <= ${NUMBER_MAX_LENGTH} and ${source} ~ ${NUMBER_PATTERN} then (${source})::float8 end`
      return [{ name, field: name, source: text, metric: 'interval', value }]
    }
    return []
  })
}
