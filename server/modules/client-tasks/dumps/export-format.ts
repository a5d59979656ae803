import type { DumpFormat, DumpOptions } from '../../../../contract/client-tasks'
import { visibleRows } from '../../../../contract/schema-rules'
import { layoutRows, type TaskSchemaDocument } from '../../../../contract/task-schema'
import { csvLines } from '../../../csv/writer'
import { consensus, consensusFields, type FieldConsensus } from '../../quality/consensus'

export type SourceItem = {
  id: number
  position: number
  data: Record<string, unknown>
  data_id: string | null
  is_gold: boolean
  gold_expected: Record<string, unknown> | null
}

export type SourceReview = {
  status: string
  mark: number
  error_types: string[]
  comment: string
  reviewed_timestamp: string | null
}

export type SourceAnnotation = {
  id: number
  item_id: number
  user_id: number
  data: Record<string, unknown>
  is_done: boolean
  is_validating: boolean
  has_errors: boolean
  review: SourceReview | null
}

type ExportedAnnotation = {
  id: number
  data: Record<string, unknown>
  is_done: boolean
  author_id?: number
  review?: SourceReview | null
}

type ExportedItem = {
  item_id: number
  data_id?: string | null
  data: Record<string, unknown>
  gold?: boolean
  gold_expected?: Record<string, unknown>
  annotations: ExportedAnnotation[]
}

export type ExportSettings = {
  schema: TaskSchemaDocument
  annotationsPerItem: number
  options: DumpOptions
  /** Gold accuracy of the task type's workers who have one: their vote's weight in a consensus. */
  goldAccuracy: ReadonlyMap<number, number>
}

/** Attachment values (recordings, images) carry their file's uuid; without the option it goes. */
function withoutUuids(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUuids)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'uuid')
      .map(([key, entry]) => [key, withoutUuids(entry)]),
  )
}

/**
 * The annotation's values as exported. Fields in rows that rows_visibility hides for this item
 * and annotation were never meant to be filled: with fill_hidden_fields_with_defaults they get
 * their default ('false' for bool, '' otherwise) in place of whatever they hold.
 */
function annotationValues(
  item: SourceItem,
  data: Record<string, unknown>,
  settings: ExportSettings,
) {
  const { options, schema } = settings
  const values = options.include_annotation_attachment_uuid
    ? data
    : (withoutUuids(data) as Record<string, unknown>)
  if (!options.fill_hidden_fields_with_defaults) return values
  const visible = visibleRows(schema, { ...item.data, ...data })
  const filled = { ...values }
  for (const [name, field] of Object.entries(schema.annotation_schema)) {
    if (!visible.has(field.grid_placement.row)) {
      filled[name] = field.data_type === 'bool' ? 'false' : ''
    }
  }
  return filled
}

const isValidated = (annotation: SourceAnnotation) =>
  annotation.is_done && !annotation.is_validating && !annotation.has_errors

/**
 * Done-ness counts done annotations, like the task counters; include_not_done_items takes all,
 * and a gold item (read only with include_gold) is exported whatever its count.
 */
function isExported(item: SourceItem, annotations: SourceAnnotation[], settings: ExportSettings) {
  const done = annotations.filter((annotation) => annotation.is_done).length
  return (
    settings.options.include_not_done_items || item.is_gold || done >= settings.annotationsPerItem
  )
}

/**
 * One item as exported with the dump's options, or null when it is left out (not done, and
 * include_not_done_items is off).
 */
export function exportItem(
  item: SourceItem,
  annotations: SourceAnnotation[],
  settings: ExportSettings,
): ExportedItem | null {
  const { options } = settings
  if (!isExported(item, annotations, settings)) return null
  const seen = new Set<string>()
  const exported: ExportedAnnotation[] = []
  for (const annotation of annotations) {
    if (!options.include_not_validated_annotations && !isValidated(annotation)) continue
    const data = annotationValues(item, annotation.data, settings)
    if (options.remove_duplicates) {
      const key = JSON.stringify(data)
      if (seen.has(key)) continue
      seen.add(key)
    }
    exported.push({
      id: annotation.id,
      data,
      is_done: annotation.is_done,
      ...(options.include_author_id ? { author_id: annotation.user_id } : {}),
      ...(options.include_review ? { review: annotation.review } : {}),
    })
  }
  return {
    item_id: item.id,
    ...(options.include_data_ids ? { data_id: item.data_id } : {}),
    data: item.data,
    ...(options.include_gold ? { gold: item.is_gold } : {}),
    ...(item.gold_expected ? { gold_expected: item.gold_expected } : {}),
    annotations: exported,
  }
}

type AggregatedItem = {
  item_id: number
  data_id?: string | null
  data: Record<string, unknown>
  /** How many annotations the consensus was formed from. */
  annotations: number
  consensus: Record<string, FieldConsensus>
  /** Whether any field's consensus is marked for review. */
  review: boolean
}

/**
 * The `aggregate` record of an item: per field, the consensus of its done annotations (validated
 * ones unless include_not_validated_annotations), each worker's vote weighing their gold accuracy
 * (1 without gold answers); null when the item is left out.
 */
export function aggregateItem(
  item: SourceItem,
  annotations: SourceAnnotation[],
  settings: ExportSettings,
  fields: ReturnType<typeof consensusFields>,
): AggregatedItem | null {
  const { options } = settings
  if (!isExported(item, annotations, settings)) return null
  const answers = annotations
    .filter((annotation) =>
      options.include_not_validated_annotations ? annotation.is_done : isValidated(annotation),
    )
    .map((annotation) => ({
      userId: annotation.user_id,
      data: annotationValues(item, annotation.data, settings),
    }))
  const consensusByField = consensus(
    fields,
    answers,
    (userId) => settings.goldAccuracy.get(userId) ?? 1,
  )
  return {
    item_id: item.id,
    ...(options.include_data_ids ? { data_id: item.data_id } : {}),
    data: item.data,
    annotations: answers.length,
    consensus: consensusByField,
    review: Object.values(consensusByField).some((field) => field.review),
  }
}

/** Turns exported items into the file's text: a header (CSV only) and one chunk per batch. */
export type ExportWriter<TItem = ExportedItem> = {
  header: string
  chunk: (items: TItem[]) => string
}

function jsonLinesWriter<TItem>(): ExportWriter<TItem> {
  return {
    header: '',
    chunk: (items) => items.map((item) => `${JSON.stringify(item)}\n`).join(''),
  }
}

/** Columns follow the widgets' layout order, as the stored schema keeps no key order. */
const fieldNames = (schema: TaskSchemaDocument, source: 'item' | 'annotation') =>
  layoutRows(schema).flatMap(({ cells }) =>
    cells.filter((cell) => cell.source === source).map((cell) => cell.name),
  )

/** One row per annotation; an item without exported annotations gets one row without them. */
function csvWriter({ schema, options }: ExportSettings): ExportWriter {
  const itemFields = fieldNames(schema, 'item')
  const annotationFields = fieldNames(schema, 'annotation')
  const header = [
    'item_id',
    ...(options.include_data_ids ? ['data_id'] : []),
    ...itemFields.map((name) => `data.${name}`),
    ...(options.include_gold ? ['gold', 'gold_expected'] : []),
    'annotation_id',
    ...(options.include_author_id ? ['author_id'] : []),
    'is_done',
    ...annotationFields.map((name) => `annotation.${name}`),
    ...(options.include_review ? ['review_mark', 'review_error_types', 'review_comment'] : []),
  ]
  const row = (item: ExportedItem, annotation: ExportedAnnotation | undefined) => [
    item.item_id,
    ...(options.include_data_ids ? [item.data_id] : []),
    ...itemFields.map((name) => item.data[name]),
    ...(options.include_gold ? [item.gold, item.gold_expected] : []),
    annotation?.id,
    ...(options.include_author_id ? [annotation?.author_id] : []),
    annotation?.is_done,
    ...annotationFields.map((name) => annotation?.data[name]),
    ...(options.include_review
      ? [
          annotation?.review?.mark,
          annotation?.review?.error_types.join(';'),
          annotation?.review?.comment,
        ]
      : []),
  ]
  return {
    header: csvLines([header]),
    chunk: (items) =>
      csvLines(
        items.flatMap((item) =>
          item.annotations.length > 0
            ? item.annotations.map((annotation) => row(item, annotation))
            : [row(item, undefined)],
        ),
      ),
  }
}

export function exportWriter(format: DumpFormat, settings: ExportSettings): ExportWriter {
  return format === 'csv' ? csvWriter(settings) : jsonLinesWriter()
}

/** One row per item: its fields, then each annotation field's consensus, confidence and review. */
function aggregateCsvWriter({ schema, options }: ExportSettings): ExportWriter<AggregatedItem> {
  const itemFields = fieldNames(schema, 'item')
  const fields = consensusFields(schema).map(([name]) => name)
  const header = [
    'item_id',
    ...(options.include_data_ids ? ['data_id'] : []),
    ...itemFields.map((name) => `data.${name}`),
    'annotations',
    ...fields.flatMap((name) => [`consensus.${name}`, `confidence.${name}`, `review.${name}`]),
    'review',
  ]
  const row = (item: AggregatedItem) => [
    item.item_id,
    ...(options.include_data_ids ? [item.data_id] : []),
    ...itemFields.map((name) => item.data[name]),
    item.annotations,
    ...fields.flatMap((name) => {
      const field = item.consensus[name]
      return [field?.value, field?.confidence, field?.review]
    }),
    item.review,
  ]
  return { header: csvLines([header]), chunk: (items) => csvLines(items.map(row)) }
}

export function aggregateWriter(
  format: DumpFormat,
  settings: ExportSettings,
): ExportWriter<AggregatedItem> {
  return format === 'csv' ? aggregateCsvWriter(settings) : jsonLinesWriter()
}
