import type { FakeTask } from '../../../../contract/client-tasks'
import { DEFAULT_ITEM_SET_LOCK_MINUTES } from '../../../../contract/constants'
import type { Db } from '../../../db/client'
import type { SessionUser } from '../../../http/augment'
import { notFound } from '../../../http/errors'
import { clientScopeOf } from '../../client-groups/scope'
import { itemMedia } from '../../media/item-media'
import { taskInScope } from '../tasks/task-service'
import { fixedSetItems, itemsFrom, previewSettings } from './preview-queries'
import { widgetRows } from './widget-rows'

/**
 * The fake-task preview: what a worker taking the task would get, read-only. Fixed sets are
 * shown one set per offset; dynamic sets as the next items_per_set items from the item offset.
 * Nothing is written: no lock, no annotation, no time log.
 */
export async function fakeTask(
  db: Db,
  user: SessionUser,
  taskId: number,
  offset: number,
): Promise<FakeTask> {
  const task = await taskInScope(db, await clientScopeOf(db, user), taskId)
  const { schema, lockMinutes } = await previewSettings(db, task)
  const { rows, hasNext } = task.isFixedSets
    ? await fixedSetItems(db, taskId, offset)
    : await itemsFrom(db, taskId, offset, task.itemsPerSet)
  const lockMs = (lockMinutes ?? DEFAULT_ITEM_SET_LOCK_MINUTES) * 60_000
  return {
    task_id: task.id,
    schema: task.schemaId,
    protocol: task.protocolId,
    encrypt_audio: task.encryptAudio,
    offset,
    next_offset: hasNext ? offset + (task.isFixedSets ? 1 : task.itemsPerSet) : null,
    lock_expiration_timestamp: new Date(Date.now() + lockMs).toISOString(),
    items: rows.map((item) => ({
      id: item.id,
      task_id: task.id,
      data: item.data,
      annotations: [],
      rows: widgetRows(schema, item.data, {}),
    })),
    items_count: rows.length,
    done_items_count: 0,
  }
}

/** A media file of a previewed item: the item must be the task's and name the uuid. */
export async function fakeTaskMedia(
  db: Db,
  user: SessionUser,
  params: { taskId: number; itemId: number; uuid: string },
) {
  await taskInScope(db, await clientScopeOf(db, user), params.taskId)
  const media = await itemMedia(db, params.taskId, params.itemId, params.uuid)
  if (!media) throw notFound('Media not found.')
  return media
}
