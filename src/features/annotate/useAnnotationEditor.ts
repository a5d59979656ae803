import { hashKey, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { WorkerItemSet } from '../../../contract/worker'
import { nextClientTimestamp, saveAnnotation } from '../../offline/item-sets'
import { type DraftMap, doneBlockers, effectiveAnnotation, type LocalDraft } from './effective'
import { draftsQuery } from './queries'

/** Typing is sent once it pauses this long (it is stored at once); choices are sent at once. */
const TEXT_SEND_DEBOUNCE_MS = 400

const TEXT_COMPONENTS = new Set(['text', 'textarea'])
const NO_DRAFTS: DraftMap = {}

export type AnnotationEditor = {
  drafts: DraftMap
  /** New annotation data after `field` changed. */
  change: (itemId: number, data: Record<string, unknown>, field: string) => void
  /** Marks the item done or not; Done on an item with errors shows all of them instead. */
  setDone: (itemId: number, done: boolean) => void
  /** The items Done was refused to: every message of theirs shows, touched or not. */
  refusedDone: ReadonlySet<number>
  /** Records that an audio file of the item itself was played to its end. */
  audioPlayedToEnd: (itemId: number, field: string) => void
}

/**
 * The drafts of the set, read from the query cache as it changes. Not through a query observer:
 * that notifies a tick later, and a controlled field must get its new value within its own input
 * event, or the caret jumps and fast typing loses characters.
 */
function useDrafts(itemSetId: number): DraftMap {
  const queryClient = useQueryClient()
  // Loads them when the route's loader did not.
  useSuspenseQuery(draftsQuery(itemSetId))
  const { queryKey } = draftsQuery(itemSetId)
  const hash = hashKey(queryKey)
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange()
      }),
    [queryClient, hash],
  )
  return useSyncExternalStore(subscribe, () => queryClient.getQueryData(queryKey) ?? NO_DRAFTS)
}

/**
 * Edits of an item set's annotations. Each edit shows at once (the drafts in the query cache) and
 * is saved in the same event through `saveAnnotation` (journaled synchronously, then the local
 * draft and the outbox op in one transaction), so a reload or a closed tab at any instant keeps
 * it. Only the network send of typing waits for a pause.
 */
export function useAnnotationEditor(view: WorkerItemSet): AnnotationEditor {
  const queryClient = useQueryClient()
  const drafts = useDrafts(view.id)
  // The callbacks below stay the same across renders (items are memoized) and read this.
  const latestView = useRef(view)
  latestView.current = view
  const queryKey = useMemo(() => draftsQuery(view.id).queryKey, [view.id])

  const currentDrafts = useCallback(
    () => queryClient.getQueryData(queryKey) ?? NO_DRAFTS,
    [queryClient, queryKey],
  )

  const edit = useCallback(
    (itemId: number, change: Partial<Omit<LocalDraft, 'client_updated_at'>>, typing: boolean) => {
      const { id: itemSetId, items } = latestView.current
      const item = items.find((candidate) => candidate.id === itemId)
      if (!item) return
      const current = effectiveAnnotation(item, currentDrafts()[itemId])
      const draft: LocalDraft = {
        data: change.data ?? current.data,
        is_done: change.is_done ?? current.is_done,
        client_updated_at: nextClientTimestamp(),
      }
      queryClient.setQueryData(queryKey, { ...currentDrafts(), [itemId]: draft })
      void saveAnnotation(
        { itemSetId, itemId, ...draft },
        { sendAfterMs: typing ? TEXT_SEND_DEBOUNCE_MS : 0 },
      )
    },
    [queryClient, queryKey, currentDrafts],
  )

  const change = useCallback(
    (itemId: number, data: Record<string, unknown>, field: string) => {
      const component = latestView.current.schema.annotation_schema[field]?.widget.config.component
      edit(itemId, { data }, component !== undefined && TEXT_COMPONENTS.has(component))
    },
    [edit],
  )

  const [refusedDone, setRefusedDone] = useState<ReadonlySet<number>>(new Set())
  const setDone = useCallback(
    (itemId: number, done: boolean) => {
      const { schema, items } = latestView.current
      const item = items.find((candidate) => candidate.id === itemId)
      if (!item) return
      const current = effectiveAnnotation(item, currentDrafts()[itemId])
      if (done && doneBlockers(schema, item, current).length > 0) {
        setRefusedDone((refused) => (refused.has(itemId) ? refused : new Set(refused).add(itemId)))
        return
      }
      edit(itemId, { is_done: done }, false)
    },
    [edit, currentDrafts],
  )

  const audioPlayedToEnd = useCallback(
    (itemId: number, field: string) => {
      const item = latestView.current.items.find((candidate) => candidate.id === itemId)
      const media = item?.data[field]
      // The server takes the item's own media value back only as {uuid, audio_played_to_end}.
      if (!item || typeof media !== 'object' || media === null || !('uuid' in media)) return
      const { data } = effectiveAnnotation(item, currentDrafts()[itemId])
      const recorded = data[field]
      if (typeof recorded === 'object' && recorded !== null && 'audio_played_to_end' in recorded) {
        return
      }
      const played = { uuid: media.uuid, audio_played_to_end: true }
      edit(itemId, { data: { ...data, [field]: played } }, false)
    },
    [edit, currentDrafts],
  )

  return { drafts, change, setDone, refusedDone, audioPlayedToEnd }
}
