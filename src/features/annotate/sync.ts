import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  type AnnotationSaveResult,
  AnnotationSaveResultSchema,
  type WorkerItemSet,
} from '../../../contract/worker'
import type { Rejection } from '../../offline/db'
import { deleteDraft, getDraft } from '../../offline/item-sets'
import {
  ANNOTATION_SAVE,
  AnnotationSavePayloadSchema,
} from '../../offline/operations/annotation-save'
import { discardRejection, subscribe } from '../../offline/outbox'
import { scheduleCleanup } from './cleanup'
import { draftsQuery, itemSetQuery } from './queries'
import { patchStoredItemSet } from './stored'

/** The item set with the annotation the server stored (its answer to a save). */
export function applySavedAnnotation(
  view: WorkerItemSet,
  saved: AnnotationSaveResult,
): WorkerItemSet {
  const { item_id, item_set_id: _set, applied: _applied, ...annotation } = saved
  const items = view.items.map((item) => (item.id === item_id ? { ...item, annotation } : item))
  return {
    ...view,
    items,
    done_items_count: items.filter((item) => item.annotation?.is_done).length,
  }
}

/**
 * Folds every confirmed annotation save into the item set, in the query cache and the device's
 * copy, whichever screen is open (or none); and removes the copies no longer needed, now and
 * after each sync pass (cleanup.ts). Call once at start-up; returns the unsubscribe.
 */
export function keepItemSetsSynced(queryClient: QueryClient): () => void {
  void scheduleCleanup()
  let syncing = false
  return subscribe((event) => {
    if (event.type === 'status') {
      if (syncing && !event.status.syncing) void scheduleCleanup()
      syncing = event.status.syncing
      return
    }
    if (event.type !== 'synced' || event.op.kind !== ANNOTATION_SAVE) return
    const parsed = v.safeParse(AnnotationSaveResultSchema, event.result)
    if (!parsed.success) return
    const saved = parsed.output
    queryClient.setQueryData(
      itemSetQuery(saved.item_set_id).queryKey,
      (view) => view && applySavedAnnotation(view, saved),
    )
    void patchStoredItemSet(saved.item_set_id, (view) => applySavedAnnotation(view, saved))
  })
}

const LOCK_ENDING_CODES = new Set(['lock_expired', 'task_finished'])

/** A refusal that means the worker's lock on the set is over: no save into it can succeed. */
export function endsTheLock(rejection: Rejection): boolean {
  return rejectedAnnotation(rejection) !== null && LOCK_ENDING_CODES.has(rejection.error.code)
}

/** The item a rejected annotation save was for; null for other kinds of change. */
export function rejectedAnnotation(rejection: Rejection) {
  if (rejection.op.kind !== ANNOTATION_SAVE) return null
  const parsed = v.safeParse(AnnotationSavePayloadSchema, rejection.op.payload)
  return parsed.success ? parsed.output : null
}

/**
 * Drops a rejected change at the worker's request. For an annotation, the local draft goes too
 * (unless a newer edit replaced it), so the screen shows the server's copy again.
 */
export async function discardChange(queryClient: QueryClient, rejection: Rejection): Promise<void> {
  await discardRejection(rejection.id)
  const save = rejectedAnnotation(rejection)
  if (!save) return
  const draft = await getDraft(save.itemSetId, save.itemId)
  if (draft?.client_updated_at !== save.client_updated_at) return
  await deleteDraft(save.itemSetId, save.itemId)
  queryClient.setQueryData(draftsQuery(save.itemSetId).queryKey, (drafts) => {
    if (!drafts) return drafts
    const { [save.itemId]: _dropped, ...rest } = drafts
    return rest
  })
}
