import { hashKey, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import type { WorkerItemSet } from '../../../contract/worker'
import { saveAnnotation } from '../../offline/item-sets'
import { type DraftMap, effectiveAnnotation, type LocalDraft } from './effective'
import { draftsQuery } from './queries'

/** Typing is saved once it pauses this long; choices are saved at once. */
const TEXT_SAVE_DEBOUNCE_MS = 400

const TEXT_COMPONENTS = new Set(['text', 'textarea'])
const NO_DRAFTS: DraftMap = {}

export type AnnotationEditor = {
  drafts: DraftMap
  /** New annotation data after `field` changed. */
  change: (itemId: number, data: Record<string, unknown>, field: string) => void
  setDone: (itemId: number, done: boolean) => void
  /** Records that an audio file of the item itself was played to its end. */
  audioPlayedToEnd: (itemId: number, field: string) => void
  /** Saves the typing still waiting for its pause; resolves once it is queued. */
  flush: () => Promise<void>
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
 * Edits of an item set's annotations. Each edit shows at once (the drafts in the query cache),
 * then goes through `saveAnnotation`: the local draft and the outbox op in one transaction. Text
 * is saved when typing pauses; anything pending is saved when the screen closes or the page is
 * hidden, so a reload or a closed tab loses nothing typed before it.
 */
export function useAnnotationEditor(view: WorkerItemSet): AnnotationEditor {
  const queryClient = useQueryClient()
  const drafts = useDrafts(view.id)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  // The callbacks below stay the same across renders (items are memoized) and read this.
  const latestView = useRef(view)
  latestView.current = view
  const queryKey = useMemo(() => draftsQuery(view.id).queryKey, [view.id])

  const currentDrafts = useCallback(
    () => queryClient.getQueryData(queryKey) ?? NO_DRAFTS,
    [queryClient, queryKey],
  )

  const save = useCallback(
    (itemId: number) => {
      clearTimeout(timers.current.get(itemId))
      timers.current.delete(itemId)
      const draft = currentDrafts()[itemId]
      if (!draft) return Promise.resolve()
      return saveAnnotation({
        itemSetId: view.id,
        itemId,
        data: draft.data,
        is_done: draft.is_done,
      }).then(() => undefined)
    },
    [currentDrafts, view.id],
  )

  const edit = useCallback(
    (
      itemId: number,
      change: Partial<Omit<LocalDraft, 'client_updated_at'>>,
      debounced: boolean,
    ) => {
      const item = latestView.current.items.find((candidate) => candidate.id === itemId)
      if (!item) return
      const current = effectiveAnnotation(item, currentDrafts()[itemId])
      const draft: LocalDraft = {
        data: change.data ?? current.data,
        is_done: change.is_done ?? current.is_done,
        client_updated_at: new Date().toISOString(),
      }
      queryClient.setQueryData(queryKey, { ...currentDrafts(), [itemId]: draft })
      clearTimeout(timers.current.get(itemId))
      if (debounced) {
        timers.current.set(
          itemId,
          setTimeout(() => void save(itemId), TEXT_SAVE_DEBOUNCE_MS),
        )
      } else {
        void save(itemId)
      }
    },
    [queryClient, queryKey, currentDrafts, save],
  )

  useEffect(() => {
    const pending = timers.current
    const flush = () => {
      for (const itemId of [...pending.keys()]) void save(itemId)
    }
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onHidden)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onHidden)
      flush()
    }
  }, [save])

  const change = useCallback(
    (itemId: number, data: Record<string, unknown>, field: string) => {
      const component = latestView.current.schema.annotation_schema[field]?.widget.config.component
      edit(itemId, { data }, component !== undefined && TEXT_COMPONENTS.has(component))
    },
    [edit],
  )

  const setDone = useCallback(
    (itemId: number, done: boolean) => edit(itemId, { is_done: done }, false),
    [edit],
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

  const flush = useCallback(
    () => Promise.all([...timers.current.keys()].map(save)).then(() => undefined),
    [save],
  )

  return { drafts, change, setDone, audioPlayedToEnd, flush }
}
