import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import {
  type ItemSetFinishResult,
  ItemSetFinishResultSchema,
  type WorkerItemSet,
} from '../../../contract/worker'
import { offlineDb } from '../../offline/db'
import {
  ITEM_SET_FINISH,
  type ItemSetFinishPayload,
  ItemSetFinishPayloadSchema,
} from '../../offline/operations/item-set-finish'
import { enqueue, subscribe, syncOutbox } from '../../offline/outbox'
import type { OutboxEvent } from '../../offline/outbox-events'
import { itemSetQuery } from './queries'
import { patchStoredItemSet } from './stored'

/** How long the screen waits for the server's answer before it leaves the finish queued. */
export const FINISH_WAIT_MS = 15_000

/** finished: the server ended the lock; queued: it goes when the server can be reached. */
export type FinishOutcome = 'finished' | 'queued' | 'rejected'

function outcomeOf(event: OutboxEvent, opId: string): FinishOutcome | null {
  if (event.type === 'synced' && event.op.id === opId) return 'finished'
  if (event.type === 'rejected' && event.rejection.id === opId) return 'rejected'
  if (event.type === 'status' && !event.status.online) return 'queued'
  return null
}

/**
 * Finishes an item set through the outbox, so it survives a reload and goes once back online,
 * and waits (at most `waitMs`) for the server's answer while it can be reached. The events are
 * listened to before the op is stored: a quick answer is not missed.
 */
export async function finishItemSet(
  payload: ItemSetFinishPayload,
  waitMs = FINISH_WAIT_MS,
): Promise<FinishOutcome> {
  const seen: OutboxEvent[] = []
  let settle: ((event: OutboxEvent) => void) | undefined
  const stop = subscribe((event) => (settle ? settle(event) : seen.push(event)))
  try {
    const op = await enqueue(ITEM_SET_FINISH, payload)
    return await new Promise<FinishOutcome>((resolve) => {
      const timer = setTimeout(() => resolve('queued'), waitMs)
      settle = (event) => {
        const outcome = outcomeOf(event, op.id)
        if (!outcome) return
        clearTimeout(timer)
        resolve(outcome)
      }
      for (const event of seen) settle(event)
      if (typeof navigator !== 'undefined' && !navigator.onLine) settle(offlineStatus)
      else void syncOutbox({ force: true })
    })
  } finally {
    stop()
  }
}

const offlineStatus: OutboxEvent = {
  type: 'status',
  status: { online: false, pending: 0, syncing: false, rejections: [], lastSyncedAt: null },
}

/** The item sets whose finish waits in the outbox. */
export async function queuedFinishes(): Promise<Set<number>> {
  const ops = await (await offlineDb()).getAll('outbox')
  const ids = new Set<number>()
  for (const op of ops) {
    if (op.kind !== ITEM_SET_FINISH) continue
    const payload = v.safeParse(ItemSetFinishPayloadSchema, op.payload)
    if (payload.success) ids.add(payload.output.itemSetId)
  }
  return ids
}

const sameIds = (a: ReadonlySet<number>, b: ReadonlySet<number>) =>
  a.size === b.size && [...a].every((id) => b.has(id))

const NONE: ReadonlySet<number> = new Set()

/** The item sets being finished (their finish not sent yet), kept current as the outbox moves. */
export function useFinishingSets(): ReadonlySet<number> {
  const [ids, setIds] = useState<ReadonlySet<number>>(NONE)
  useEffect(() => {
    let active = true
    const read = () => {
      void queuedFinishes().then((next) => {
        if (active) setIds((current) => (sameIds(current, next) ? current : next))
      })
    }
    read()
    const stop = subscribe(read)
    return () => {
      active = false
      stop()
    }
  }, [])
  return ids
}

/** The set as the server shows it once its lock ended: its done items, nothing to change. */
function endedView(view: WorkerItemSet, result: ItemSetFinishResult): WorkerItemSet {
  return {
    ...view,
    expired: true,
    lock_expiration_timestamp: result.lock_expiration_timestamp,
    items: view.items.filter((item) => item.annotation?.is_done),
  }
}

/**
 * Folds a confirmed finish into the item set's copies (the query cache and the device's copy,
 * which the cleanup then removes) and has the task list asked again. Returns the unsubscribe.
 */
export function keepFinishedSetsSynced(
  queryClient: QueryClient,
  onFinished: () => void,
): () => void {
  return subscribe((event) => {
    if (event.type !== 'synced' || event.op.kind !== ITEM_SET_FINISH) return
    const parsed = v.safeParse(ItemSetFinishResultSchema, event.result)
    if (!parsed.success) return
    const result = parsed.output
    queryClient.setQueryData(
      itemSetQuery(result.id).queryKey,
      (view) => view && endedView(view, result),
    )
    void patchStoredItemSet(result.id, (view) => endedView(view, result))
    onFinished()
  })
}
