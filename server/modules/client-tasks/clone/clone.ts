import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { msg } from '#lingui-message'
import type { Task } from '../../../../contract/client-tasks'
import type { Db } from '../../../db/client'
import type { SessionUser } from '../../../http/augment'
import { conflict } from '../../../http/errors'
import { clientScopeOf } from '../../client-groups/scope'
import { copyTaskContentKey } from '../../media/protection/key-store'
import { removeStoredFile } from '../../media/storage'
import type { MediaStore } from '../../media/store/media-store'
import { type TaskDeps, taskInScope, taskViews } from '../tasks/task-service'
import {
  insertFixedSets,
  insertGoldAnswers,
  insertItems,
  insertMedia,
  insertTask,
  itemsToCopy,
  type MediaRow,
  referencedMedia,
} from './clone-queries'

const COPY_BATCH = 2_000

/**
 * Makes a new CREATED task with the source's settings (type, languages, schema and protocol
 * versions, set sizing, metadata, ...) and copies of its items, without annotations. Item sets
 * are made afresh, unassigned: with fixed sets the items are regrouped in their order into sets
 * of items_per_set; with dynamic sets items join sets when handed out. Gold items stay gold,
 * with their expected answers, in no fixed set.
 *
 * Media the items reference is copied, not shared: each task owns its media rows, so deleting
 * either task never breaks the other. The copies are hard links where the local folder allows
 * (no extra disk space), server-side copies in a bucket; item data is rewritten to the copies' uuids.
 */
export async function cloneTask(deps: TaskDeps, user: SessionUser, id: number): Promise<Task> {
  const { db } = deps
  const scope = await clientScopeOf(db, user)
  const source = await taskInScope(db, scope, id)
  if (source.status === 'PROCESSING') {
    throw conflict(msg`The task is still processing its upload; clone it once that is done.`)
  }
  const copies = await copyMediaFiles(deps.media, await referencedMedia(db, id))
  try {
    const cloneId = await db.transaction(async (tx) => {
      const newId = await insertTask(tx, {
        description: source.description,
        authorId: user.id,
        taskTypeId: source.taskTypeId,
        projectId: source.projectId,
        localParameters: source.localParameters,
        deadline: source.deadline,
        baseLanguageId: source.baseLanguageId,
        targetLanguageId: source.targetLanguageId,
        settleTargetLang: source.settleTargetLang,
        schemaId: source.schemaId,
        protocolId: source.protocolId,
        isFixedSets: source.isFixedSets,
        downloadEnabled: source.downloadEnabled,
        encryptAudio: source.encryptAudio,
        itemsPerSet: source.itemsPerSet,
        maxItemsPerUser: source.maxItemsPerUser,
        metadata: source.metadata,
        itemsTotal: source.itemsTotal,
      })
      // Protected audio is copied encrypted, so the clone gets a copy of the key.
      const contentKeyId = await copyTaskContentKey(tx, id, newId)
      await insertMedia(
        tx,
        copies.map(({ copy }) => ({
          ...copy,
          taskId: newId,
          contentKeyId: copy.contentKeyId === null ? null : contentKeyId,
        })),
      )
      const uuids = new Map(copies.map(({ original, copy }) => [original.uuid, copy.uuid]))
      await copyItems(tx, id, newId, source, uuids)
      return newId
    })
    const [view] = await taskViews(db, [cloneId])
    return view!
  } catch (error) {
    await Promise.all(copies.map(({ copy }) => removeStoredFile(deps.media, copy.storageKey)))
    throw error
  }
}

type MediaCopy = { original: MediaRow; copy: Omit<MediaRow, 'id' | 'createdAt' | 'taskId'> }

/** Same key layout as storeStream: `<first two uuid chars>/<uuid><ext>`. */
async function copyMediaFiles(store: MediaStore, media: MediaRow[]): Promise<MediaCopy[]> {
  const copies: MediaCopy[] = []
  try {
    for (const original of media) {
      const uuid = randomUUID()
      const storageKey = path.posix.join(
        uuid.slice(0, 2),
        `${uuid}${path.extname(original.storageKey)}`,
      )
      await store.copy(original.storageKey, storageKey)
      const { id: _id, createdAt: _createdAt, taskId: _taskId, ...rest } = original
      copies.push({ original, copy: { ...rest, uuid, storageKey } })
    }
    return copies
  } catch (error) {
    await Promise.all(copies.map(({ copy }) => removeStoredFile(store, copy.storageKey)))
    throw error
  }
}

async function copyItems(
  tx: Db,
  sourceId: number,
  cloneId: number,
  settings: { isFixedSets: boolean; itemsPerSet: number },
  uuids: Map<string, string>,
) {
  const setIds = settings.isFixedSets
    ? await insertFixedSets(tx, sourceId, cloneId, settings.itemsPerSet)
    : []
  let after = -1
  let position = 0
  let ordinary = 0
  for (;;) {
    const batch = await itemsToCopy(tx, sourceId, after, COPY_BATCH)
    if (batch.length === 0) return
    const inserted = await insertItems(
      tx,
      batch.map((item) => {
        const inSet = settings.isFixedSets && !item.isGold
        const row = {
          taskId: cloneId,
          itemSetId: inSet ? setIds[Math.floor(ordinary / settings.itemsPerSet)] : null,
          position,
          data: uuids.size > 0 ? replaceUuids(item.data, uuids) : item.data,
          dataId: item.dataId,
          isGold: item.isGold,
        }
        position += 1
        if (!item.isGold) ordinary += 1
        return row
      }),
    )
    // Gold items stay gold with their expected answers.
    await insertGoldAnswers(
      tx,
      batch.flatMap((item, index) =>
        item.isGold && item.expected
          ? [{ itemId: inserted[index]!.id, expected: item.expected }]
          : [],
      ),
    )
    after = batch.at(-1)!.position
  }
}

/** Item data with every `uuid` value that names a copied file pointed at the copy. */
function replaceUuids<T>(value: T, uuids: Map<string, string>): T {
  if (Array.isArray(value)) return value.map((entry) => replaceUuids(entry, uuids)) as T
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      key === 'uuid' && typeof entry === 'string'
        ? (uuids.get(entry) ?? entry)
        : replaceUuids(entry, uuids),
    ]),
  ) as T
}
