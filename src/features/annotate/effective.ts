import { evaluateValidators } from '../../../contract/schema-rules'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import type { AnnotationStatus, WorkerItem } from '../../../contract/worker'
import type { AnnotationDraft } from '../../offline/db'
import { resolveLabel } from '../../widgets/label'

/** A local edit of an item's annotation; the stamp orders it against the server's copy. */
export type LocalDraft = Pick<AnnotationDraft, 'data' | 'is_done' | 'client_updated_at'>
export type DraftMap = Record<number, LocalDraft>

export type EffectiveAnnotation = {
  data: Record<string, unknown>
  is_done: boolean
  /** Whether there is an annotation at all, stored or local. */
  exists: boolean
  /** A local edit newer than what the server confirmed: the outbox still holds (or rejected) it. */
  unsynced: boolean
}

/**
 * What the worker sees of an item's annotation: the newer of the local draft and the server's
 * copy, by the client stamp both carry (the server keeps the newest edit the same way). A draft
 * the server has confirmed carries the same stamp, and the server's copy wins.
 */
export function effectiveAnnotation(
  item: WorkerItem,
  draft: LocalDraft | undefined,
): EffectiveAnnotation {
  const stored = item.annotation
  const storedAt = stored?.client_updated_at ?? null
  if (draft && (storedAt === null || draft.client_updated_at > storedAt)) {
    return { data: draft.data, is_done: draft.is_done, exists: true, unsynced: true }
  }
  return {
    data: stored?.data ?? {},
    is_done: stored?.is_done ?? false,
    exists: stored !== null,
    unsynced: false,
  }
}

/**
 * The spec's annotation status (section 4) of what is shown. A local edit is judged by the
 * validators run here; a confirmed one by the server's own answer.
 */
export function itemStatus(
  item: WorkerItem,
  effective: EffectiveAnnotation,
  localErrors: Record<string, string[]>,
): AnnotationStatus {
  if (!effective.exists) return 'initialized'
  if (!effective.unsynced && item.annotation?.is_validating) return 'processing'
  const errors = effective.unsynced ? localErrors : (item.annotation?.errors ?? {})
  return Object.keys(errors).length > 0 ? 'validation_error' : 'saved'
}

/**
 * The fields, in words, whose errors keep the item from being Done; warnings and info do not.
 * The server applies the same rule: a Done save with errors is stored as not done.
 */
export function doneBlockers(
  schema: TaskSchemaDocument,
  item: WorkerItem,
  effective: EffectiveAnnotation,
): string[] {
  const { errors } = evaluateValidators(schema, effective.data, item.data)
  return Object.keys(errors).map(
    (name) => resolveLabel(schema.annotation_schema[name]?.widget.config.label)?.text ?? name,
  )
}

/** Whether the item counts as done: marked Done and free of errors. */
export const countsAsDone = (
  schema: TaskSchemaDocument,
  item: WorkerItem,
  effective: EffectiveAnnotation,
) => effective.is_done && doneBlockers(schema, item, effective).length === 0
