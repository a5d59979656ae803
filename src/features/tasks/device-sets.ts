import { queryOptions } from '@tanstack/react-query'
import { offlineDb } from '../../offline/db'
import { listDrafts, listItemSets } from '../../offline/item-sets'
import { itemSetOfOp } from '../../offline/set-changes'
import { effectiveAnnotation } from '../annotate/effective'
import { queuedFinishes } from '../annotate/finish'
import { parseStoredItemSet } from '../annotate/stored'
import { taskKeys } from './queries'

/** An item set kept on this device, as the task list shows it. */
export type DeviceItemSet = {
  id: number
  taskId: number
  taskDescription: string
  itemsCount: number
  /** Items done, edits not sent yet included. */
  done: number
  /** Changes of the set waiting in the outbox. */
  unsynced: number
  lockExpiration: string
  /** The server ended its lock: only its done items can be looked at. */
  expired: boolean
  /** Its finish waits in the outbox. */
  finishing: boolean
}

async function queuedChangesBySet(): Promise<Map<number, number>> {
  const counts = new Map<number, number>()
  for (const op of await (await offlineDb()).getAll('outbox')) {
    const itemSetId = itemSetOfOp(op)
    if (typeof itemSetId === 'number') counts.set(itemSetId, (counts.get(itemSetId) ?? 0) + 1)
  }
  return counts
}

/** The item sets on this device (src/offline/item-sets.ts), newest first, with their progress. */
export async function readDeviceItemSets(): Promise<DeviceItemSet[]> {
  const [records, changes, finishing] = await Promise.all([
    listItemSets(),
    queuedChangesBySet(),
    queuedFinishes(),
  ])
  const sets: DeviceItemSet[] = []
  for (const record of records) {
    const stored = parseStoredItemSet(record)
    if (!stored) continue
    const { view } = stored
    const drafts = new Map((await listDrafts(view.id)).map((draft) => [draft.itemId, draft]))
    const done = view.items.filter(
      (item) => effectiveAnnotation(item, drafts.get(item.id)).is_done,
    ).length
    sets.push({
      id: view.id,
      taskId: view.task.id,
      taskDescription: view.task.description,
      itemsCount: view.items.length,
      done,
      unsynced: changes.get(view.id) ?? 0,
      lockExpiration: view.lock_expiration_timestamp,
      expired: view.expired,
      finishing: finishing.has(view.id),
    })
  }
  return sets.sort((a, b) => b.id - a.id)
}

/** Read from IndexedDB, never from the persisted query cache; read again on every visit. */
export const deviceItemSetsQuery = () =>
  queryOptions({
    queryKey: [...taskKeys.all, 'device'] as const,
    queryFn: readDeviceItemSets,
    staleTime: 0,
    networkMode: 'always',
    meta: { persist: false },
  })

/** Whether every item of the set is done, so that it can be finished. */
export const allDone = (set: Pick<DeviceItemSet, 'done' | 'itemsCount'>): boolean =>
  set.itemsCount > 0 && set.done === set.itemsCount
