import type { ValidatorRuleInput } from '../../../../../../contract/schema-rules'
import {
  type AnnotationDataType,
  type AnnotationField,
  GRID_COLUMNS,
  type SchemaField,
  type TaskSchemaDocumentInput,
  type WidgetComponent,
  type WidgetConfig,
} from '../../../../../../contract/task-schema'

/**
 * The document the editor works on: a schema document whose rule lists are always present.
 * It may break rules (two fields in one cell, a regex that does not compile) while being edited;
 * its structure is always whole, so every input can show it.
 */
export type EditorDocument = TaskSchemaDocumentInput & {
  validators: ValidatorRuleInput[]
  rows_visibility: NonNullable<TaskSchemaDocumentInput['rows_visibility']>
}

export type RuleType = ValidatorRuleInput['type']
export const RULE_TYPES = [
  'required',
  'regex',
  'min_length',
  'max_length',
  'allowed_values',
  'requires',
  'compare',
] as const satisfies readonly RuleType[]

export type FieldSource = 'item_schema' | 'annotation_schema'
export type EditorField = SchemaField | AnnotationField

export const emptyDocument = (): EditorDocument => ({
  item_schema: {},
  annotation_schema: {},
  validators: [],
  rows_visibility: [],
})

export function editorDocument(document: TaskSchemaDocumentInput): EditorDocument {
  return {
    ...document,
    validators: document.validators ?? [],
    rows_visibility: document.rows_visibility ?? [],
  }
}

/** The keys of a widget config that each widget reads; the editor offers only these. */
export type ConfigKey = Exclude<keyof WidgetConfig, 'component' | 'label'>
const CONFIG_KEYS: Record<WidgetComponent, readonly ConfigKey[]> = {
  text: ['placeholder', 'tags', 'enableSTT', 'showDiacriticalSigns', 'is_inline'],
  textarea: [
    'placeholder',
    'tags',
    'enableSTT',
    'showDiacriticalSigns',
    'replaceNewlineChar',
    'is_inline',
  ],
  checkbox: [],
  dropdown: ['options', 'multiple', 'placeholder', 'is_inline'],
  radio: ['options'],
  audio: ['showAudioCurrentTimeTag', 'enableSeekingForward'],
  image: [],
}

export const configKeysOf = (component: WidgetComponent) => CONFIG_KEYS[component]

export function allFieldNames(document: EditorDocument): string[] {
  return [...Object.keys(document.item_schema), ...Object.keys(document.annotation_schema)]
}

function unusedName(document: EditorDocument, stem: string): string {
  const taken = new Set(allFieldNames(document))
  let number = 1
  while (taken.has(`${stem}_${number}`)) number++
  return `${stem}_${number}`
}

/** A new field goes into a row of its own below the others, across the whole grid. */
function nextRow(document: EditorDocument): number {
  const rows = Object.values({ ...document.item_schema, ...document.annotation_schema }).map(
    (field) => field.grid_placement.row,
  )
  return rows.length === 0 ? 0 : Math.max(...rows) + 1
}

export function addField(document: EditorDocument, source: FieldSource): EditorDocument {
  const name = unusedName(document, source === 'item_schema' ? 'item_field' : 'annotation')
  const field: SchemaField = {
    widget: { config: { component: 'text', label: name } },
    grid_placement: { row: nextRow(document), column: 0, col_width: GRID_COLUMNS, col_offset: 0 },
  }
  return {
    ...document,
    [source]: {
      ...document[source],
      [name]: source === 'annotation_schema' ? { ...field, data_type: 'string' } : field,
    },
  }
}

export function updateField(
  document: EditorDocument,
  source: FieldSource,
  name: string,
  field: EditorField,
): EditorDocument {
  return { ...document, [source]: { ...document[source], [name]: field } }
}

export function removeField(
  document: EditorDocument,
  source: FieldSource,
  name: string,
): EditorDocument {
  const { [name]: _, ...rest } = document[source]
  return { ...document, [source]: rest }
}

/**
 * Renames a field where it stands (the order of fields is kept) and in every rule naming it, so
 * validators and row visibility keep working.
 */
export function renameField(
  document: EditorDocument,
  source: FieldSource,
  from: string,
  to: string,
): EditorDocument {
  const rename = (name: string) => (name === from ? to : name)
  const fields = Object.fromEntries(
    Object.entries(document[source]).map(([name, field]) => [rename(name), field]),
  )
  return {
    ...document,
    [source]: fields,
    validators: document.validators.map((rule) => {
      const renamed = { ...rule, field: rename(rule.field) }
      if (renamed.type === 'requires') {
        return { ...renamed, when: { ...renamed.when, field: rename(renamed.when.field) } }
      }
      if (renamed.type === 'compare') {
        return { ...renamed, other_field: rename(renamed.other_field) }
      }
      return renamed
    }),
    rows_visibility: document.rows_visibility.map((rule) => ({
      ...rule,
      when: { ...rule.when, field: rename(rule.when.field) },
    })),
  }
}

/**
 * Another widget for a field: settings the new widget does not read are dropped, and a checkbox
 * stores a bool (other widgets start from text).
 */
export function changeComponent<TField extends EditorField>(
  field: TField,
  component: WidgetComponent,
): TField {
  const keep = new Set<string>(['component', 'label', ...CONFIG_KEYS[component]])
  const config = Object.fromEntries(
    Object.entries({ ...field.widget.config, component }).filter(([key]) => keep.has(key)),
  ) as WidgetConfig
  const next = { ...field, widget: { ...field.widget, config } }
  if (!('data_type' in field)) return next
  const wasCheckbox = field.widget.config.component === 'checkbox'
  const dataType: AnnotationDataType =
    component === 'checkbox' ? 'bool' : wasCheckbox ? 'string' : field.data_type
  return { ...next, data_type: dataType }
}

export const toJson = (document: EditorDocument): string => JSON.stringify(document, null, 2)
