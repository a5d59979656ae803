import * as v from 'valibot'
import { msg } from '#lingui-message'
import { objectRecord } from './common'
import { english } from './english-message'
import {
  FieldNameSchema,
  layoutRowNumbers,
  pathItem,
  RowVisibilityRuleSchema,
  StoredValidatorRuleSchema,
  ValidatorRuleSchema,
} from './schema-rules'

/**
 * The task schema document: which item fields are shown and which annotation fields are asked
 * for, with which widget, where on a 12-column grid, plus the validators and row visibility
 * rules of contract/schema-rules.ts. The server checks a document with TaskSchemaDocumentSchema
 * when a schema is saved; the client renders items from it with the widget registry.
 */

/** Names of the widgets in the client's registry (src/widgets), keyed by `config.component`. */
export const WIDGET_COMPONENTS = [
  'text',
  'textarea',
  'checkbox',
  'dropdown',
  'radio',
  'audio',
  'image',
] as const
export type WidgetComponent = (typeof WIDGET_COMPONENTS)[number]

/** Widgets whose value names a media file by uuid, which must be fetched (and kept offline). */
export const MEDIA_COMPONENTS: readonly WidgetComponent[] = ['audio', 'image']

/** Widgets whose value is one of `options`. */
const CHOICE_COMPONENTS: readonly WidgetComponent[] = ['dropdown', 'radio']

/** How annotation values are typed; bool values are the texts 'true' and 'false'. */
export const ANNOTATION_DATA_TYPES = ['string', 'int', 'float', 'bool'] as const
export type AnnotationDataType = (typeof ANNOTATION_DATA_TYPES)[number]

export const GRID_COLUMNS = 12
/** The separator of a multiple dropdown's stored value. */
export const MULTI_VALUE_SEPARATOR = ';'

const shortText = v.pipe(v.string(), v.maxLength(1000))

/** A label: plain text, or a value with an alternative label, a hint and display classes or style. */
export const WidgetLabelSchema = v.union([
  shortText,
  v.strictObject({
    value: shortText,
    label: v.optional(shortText),
    hint: v.optional(shortText),
    classes: v.optional(shortText),
    style: v.optional(shortText),
  }),
])
export type WidgetLabel = v.InferOutput<typeof WidgetLabelSchema>

/** The spec's Widget config. Flags that do not apply to a component are ignored by it. */
export const WidgetConfigSchema = v.pipe(
  v.strictObject({
    component: v.picklist(
      WIDGET_COMPONENTS,
      english(msg({ message: 'Use one of: {choices}.' }), {
        choices: WIDGET_COMPONENTS.join(', '),
      }),
    ),
    label: v.optional(WidgetLabelSchema),
    /** The choices of a dropdown or radio widget. */
    options: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
        v.maxLength(500),
        v.check(
          (options) => new Set(options).size === options.length,
          english(msg`Options must differ.`),
        ),
      ),
    ),
    /** A dropdown that takes several choices, stored joined with ';'. */
    multiple: v.optional(v.boolean()),
    placeholder: v.optional(shortText),
    /** Snippets a text widget inserts at the cursor, optionally wrapping the selection. */
    tags: v.optional(
      v.array(
        v.strictObject({
          tag: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
          closing_tag: v.optional(v.pipe(v.string(), v.maxLength(100))),
        }),
      ),
    ),
    /** Speech-to-text dictation in text widgets. */
    enableSTT: v.optional(v.boolean()),
    /** Buttons for the language's diacritic signs under a text widget. */
    showDiacriticalSigns: v.optional(v.boolean()),
    /** A button inserting the audio player's current time as a tag. */
    showAudioCurrentTimeTag: v.optional(v.boolean()),
    /** Whether the worker may seek past the part of the audio already played. */
    enableSeekingForward: v.optional(v.boolean()),
    /** What a newline typed in a text widget is replaced with. */
    replaceNewlineChar: v.optional(v.pipe(v.string(), v.maxLength(10))),
    /** Shows the label and the value on one line. */
    is_inline: v.optional(v.boolean()),
  }),
  v.forward(
    v.check(
      (config) =>
        !CHOICE_COMPONENTS.includes(config.component) || (config.options ?? []).length > 0,
      english(msg`A dropdown or radio widget needs at least one option.`),
    ),
    ['options'],
  ),
  v.forward(
    v.check(
      (config) =>
        !config.multiple ||
        (config.options ?? []).every((option) => !option.includes(MULTI_VALUE_SEPARATOR)),
      english(msg({ message: 'Options of a multiple dropdown may not contain {separator}.' }), {
        separator: `'${MULTI_VALUE_SEPARATOR}'`,
      }),
    ),
    ['options'],
  ),
)
export type WidgetConfig = v.InferOutput<typeof WidgetConfigSchema>

/**
 * Where a field sits: `row` orders the rows, `column` orders the fields within a row, and each
 * field takes `col_offset` empty grid columns then `col_width` columns, left to right.
 */
export const GridPlacementSchema = v.pipe(
  v.strictObject({
    row: v.pipe(v.number(), v.integer(), v.minValue(0)),
    column: v.pipe(v.number(), v.integer(), v.minValue(0)),
    col_width: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(GRID_COLUMNS)),
    col_offset: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(GRID_COLUMNS - 1)),
  }),
  v.forward(
    v.check(
      (placement) => placement.col_width + placement.col_offset <= GRID_COLUMNS,
      english(msg({ message: 'col_width and col_offset together may not exceed {max}.' }), {
        max: GRID_COLUMNS,
      }),
    ),
    ['col_width'],
  ),
)
export type GridPlacement = v.InferOutput<typeof GridPlacementSchema>

/** A placement taking the whole row unless a width (and an offset) is given. */
export const gridPlacement = (
  row: number,
  column: number,
  colWidth = GRID_COLUMNS,
  colOffset = 0,
): GridPlacement => ({ row, column, col_width: colWidth, col_offset: colOffset })

const fieldEntries = {
  widget: v.strictObject({ config: WidgetConfigSchema }),
  grid_placement: GridPlacementSchema,
}

export const SchemaFieldSchema = v.strictObject(fieldEntries)
export type SchemaField = v.InferOutput<typeof SchemaFieldSchema>

export const AnnotationFieldSchema = v.pipe(
  v.strictObject({
    ...fieldEntries,
    data_type: v.picklist(
      ANNOTATION_DATA_TYPES,
      english(msg({ message: 'Use one of: {choices}.' }), {
        choices: ANNOTATION_DATA_TYPES.join(', '),
      }),
    ),
  }),
  v.forward(
    v.check(
      (field) => field.widget.config.component !== 'checkbox' || field.data_type === 'bool',
      english(msg`A checkbox stores a bool.`),
    ),
    ['data_type'],
  ),
)
export type AnnotationField = v.InferOutput<typeof AnnotationFieldSchema>

const MAX_FIELDS = 100

const fieldMap = <TField extends v.GenericSchema>(field: TField) =>
  v.pipe(
    objectRecord(FieldNameSchema, field),
    v.check(
      (fields) => Object.keys(fields).length <= MAX_FIELDS,
      english(msg({ message: 'At most {max} fields.' }), { max: MAX_FIELDS }),
    ),
  )

export type LayoutCell = {
  name: string
  source: 'item' | 'annotation'
  field: SchemaField | AnnotationField
}
export type LayoutRow = { row: number; cells: LayoutCell[] }

/** The fields by row, each row's fields in column order: the order widgets are drawn in. */
export function layoutRows(
  document: Pick<TaskSchemaDocument, 'item_schema' | 'annotation_schema'>,
): LayoutRow[] {
  const cells: LayoutCell[] = [
    ...Object.entries(document.item_schema).map(([name, field]) => ({
      name,
      source: 'item' as const,
      field,
    })),
    ...Object.entries(document.annotation_schema).map(([name, field]) => ({
      name,
      source: 'annotation' as const,
      field,
    })),
  ]
  return layoutRowNumbers(document).map((row) => ({
    row,
    cells: cells
      .filter((cell) => cell.field.grid_placement.row === row)
      .sort((a, b) => a.field.grid_placement.column - b.field.grid_placement.column),
  }))
}

type DocumentShape = {
  validators: v.InferOutput<typeof ValidatorRuleSchema>[]
  rows_visibility: v.InferOutput<typeof RowVisibilityRuleSchema>[]
  item_schema: Record<string, SchemaField>
  annotation_schema: Record<string, AnnotationField>
}

type Problem = { path: [string | number, ...(string | number)[]]; message: string }

/**
 * Checks across fields: names unique over both maps, no two fields in one grid cell, rows no
 * wider than the grid, and rules naming fields and rows that exist.
 */
function documentProblems(document: DocumentShape): Problem[] {
  const problems: Problem[] = []
  const schemaOf = (name: string) =>
    name in document.annotation_schema ? 'annotation_schema' : 'item_schema'
  for (const name of Object.keys(document.annotation_schema)) {
    if (name in document.item_schema) {
      problems.push({
        path: ['annotation_schema', name],
        message: `The item schema already has a field named ${name}.`,
      })
    }
  }
  for (const { row, cells } of layoutRows(document)) {
    let width = 0
    cells.forEach((cell, index) => {
      const placement = cell.field.grid_placement
      const previous = cells[index - 1]
      if (previous && previous.field.grid_placement.column === placement.column) {
        problems.push({
          path: [schemaOf(cell.name), cell.name, 'grid_placement', 'column'],
          message: `${previous.name} already takes row ${row}, column ${placement.column}.`,
        })
      }
      width += placement.col_offset + placement.col_width
      if (
        width > GRID_COLUMNS &&
        width - placement.col_offset - placement.col_width <= GRID_COLUMNS
      ) {
        problems.push({
          path: [schemaOf(cell.name), cell.name, 'grid_placement', 'col_width'],
          message: `Row ${row} is wider than the ${GRID_COLUMNS} grid columns from this field on.`,
        })
      }
    })
  }

  const isField = (name: string) =>
    name in document.item_schema || name in document.annotation_schema
  document.validators.forEach((rule, index) => {
    if (!(rule.field in document.annotation_schema)) {
      problems.push({
        path: ['validators', index, 'field'],
        message: `${rule.field} is not an annotation field.`,
      })
    }
    if (rule.type === 'requires' && !isField(rule.when.field)) {
      problems.push({
        path: ['validators', index, 'when', 'field'],
        message: `${rule.when.field} is not a field.`,
      })
    }
    if (rule.type === 'compare' && !isField(rule.other_field)) {
      problems.push({
        path: ['validators', index, 'other_field'],
        message: `${rule.other_field} is not a field.`,
      })
    }
  })
  const rows = new Set(layoutRowNumbers(document))
  document.rows_visibility.forEach((rule, index) => {
    if (!rows.has(rule.row)) {
      problems.push({
        path: ['rows_visibility', index, 'row'],
        message: `No field is in row ${rule.row}.`,
      })
    }
    if (!isField(rule.when.field)) {
      problems.push({
        path: ['rows_visibility', index, 'when', 'field'],
        message: `${rule.when.field} is not a field.`,
      })
    }
  })
  return problems
}

function issuePath(
  root: object,
  [first, ...rest]: [string | number, ...(string | number)[]],
): [v.IssuePathItem, ...v.IssuePathItem[]] {
  const path: [v.IssuePathItem, ...v.IssuePathItem[]] = [pathItem(root, first)]
  for (const key of rest) path.push(pathItem(path[path.length - 1]?.value as object, key))
  return path
}

const taskSchemaDocumentSchema = (
  rule: typeof ValidatorRuleSchema | typeof StoredValidatorRuleSchema,
) =>
  v.pipe(
    v.strictObject({
      validators: v.optional(v.pipe(v.array(rule), v.maxLength(500)), () => []),
      rows_visibility: v.optional(
        v.pipe(v.array(RowVisibilityRuleSchema), v.maxLength(500)),
        () => [],
      ),
      item_schema: fieldMap(SchemaFieldSchema),
      annotation_schema: v.pipe(
        fieldMap(AnnotationFieldSchema),
        v.check(
          (fields) => Object.keys(fields).length > 0,
          english(msg`Define at least one annotation field.`),
        ),
      ),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      for (const problem of documentProblems(dataset.value)) {
        addIssue({ message: problem.message, path: issuePath(dataset.value, problem.path) })
      }
    }),
  )
/** A document as a client saves it, its regex patterns checked to run in linear time. */
export const TaskSchemaDocumentSchema = taskSchemaDocumentSchema(ValidatorRuleSchema)
/** A document as the server hands it out: see StoredValidatorRuleSchema. */
export const StoredTaskSchemaDocumentSchema = taskSchemaDocumentSchema(StoredValidatorRuleSchema)
export type TaskSchemaDocument = v.InferOutput<typeof TaskSchemaDocumentSchema>
/** A document as written by a client: validators' severities and the rule lists may be left out. */
export type TaskSchemaDocumentInput = v.InferInput<typeof TaskSchemaDocumentSchema>
