import fs from 'node:fs'
import { Readable } from 'node:stream'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { annotations, goldAnswers, itemSets, items, mediaObjects, tasks } from '../../../db/schema'
import { createTestAppWithMedia, type MediaTestApp, mediaFilePath } from '../../../test/harness'
import { type SignedInClient, signIn } from '../../../test/session-client'
import { storeStream } from '../../media/storage'
import { type Definitions, seedTask, seedWorkspace } from '../test-fixtures'

describe('POST /client/tasks/{id}/clone/', () => {
  let t: MediaTestApp
  let client: SignedInClient
  let own: Definitions
  let annotatorId: number

  beforeAll(async () => {
    t = await createTestAppWithMedia('client-tasks-clone')
    client = await signIn(t, { roles: ['client'] })
    annotatorId = (await signIn(t, { roles: ['endworker'] })).user.id
    own = await seedWorkspace(t.db, [client.user.id])
  })
  afterAll(() => t.close())

  const itemsOf = (taskId: number) =>
    t.db.select().from(items).where(eq(items.taskId, taskId)).orderBy(asc(items.position))

  it('copies settings and items into a CREATED task, regrouped into fresh fixed sets', async () => {
    const audio = await storeStream(t.media, Readable.from([Buffer.from('RIFF sound')]), '.wav')
    const unreferenced = await storeStream(t.media, Readable.from([Buffer.from('other')]), '.wav')
    const { task: source } = await seedTask(t.db, own, {
      status: 'IN_PROGRESS',
      isFixedSets: true,
      itemsPerSet: 2,
      downloadEnabled: true,
      metadata: { batch: '4' },
      localParameters: { speed: 2 },
      items: [
        {
          data: { prompt: 'one', recording: { uuid: audio.uuid, duration: 1 } },
          dataId: 'a',
          annotations: [{ userId: annotatorId, isDone: true, data: { transcript: 'x' } }],
        },
        { data: { prompt: 'two' }, dataId: 'b' },
        { data: { prompt: 'three', nested: [{ uuid: audio.uuid }] }, dataId: 'c' },
      ],
    })
    for (const file of [audio, unreferenced]) {
      await t.db.insert(mediaObjects).values({ ...file, mimeType: 'audio/wav', taskId: source.id })
    }

    const response = await client.post(`client/tasks/${source.id}/clone/`)
    expect(response.statusCode, response.body).toBe(201)
    const clone = response.json()
    expect(clone.id).not.toBe(source.id)
    expect(clone).toMatchObject({
      status: 'CREATED',
      description: source.description,
      start_timestamp: null,
      is_fixed_sets: true,
      items_per_set: 2,
      download_enabled: true,
      metadata: { batch: '4' },
      local_parameters: { speed: 2 },
      author: { id: client.user.id },
      task_type: { id: own.taskTypeId },
      schema: { id: own.schemaId },
      protocol: { id: own.protocolId },
      items: { total: 3, done: 0, left: 3 },
      annotations: { total: 3, done: 0 },
    })

    const copied = await itemsOf(clone.id)
    expect(copied.map((item) => [item.position, item.dataId, item.data.prompt])).toEqual([
      [0, 'a', 'one'],
      [1, 'b', 'two'],
      [2, 'c', 'three'],
    ])
    const sets = await t.db
      .select()
      .from(itemSets)
      .where(eq(itemSets.taskId, clone.id))
      .orderBy(asc(itemSets.position))
    expect(sets.map((set) => [set.position, set.isFixed, set.userId])).toEqual([
      [0, true, null],
      [1, true, null],
    ])
    expect(copied.map((item) => item.itemSetId)).toEqual([sets[0]!.id, sets[0]!.id, sets[1]!.id])
    const copiedIds = copied.map((item) => item.id)
    for (const id of copiedIds) {
      expect(await t.db.select().from(annotations).where(eq(annotations.itemId, id))).toEqual([])
    }

    // Only the referenced file is copied, under a new uuid that the item data now names.
    const media = await t.db.select().from(mediaObjects).where(eq(mediaObjects.taskId, clone.id))
    expect(media).toHaveLength(1)
    const [copy] = media
    expect(copy!.uuid).not.toBe(audio.uuid)
    expect(copy!.sha256).toBe(audio.sha256)
    expect(copied[0]!.data.recording).toEqual({ uuid: copy!.uuid, duration: 1 })
    expect(copied[2]!.data.nested).toEqual([{ uuid: copy!.uuid }])
    expect(fs.readFileSync(mediaFilePath(t.mediaDir, copy!.storageKey), 'utf8')).toBe('RIFF sound')

    // Deleting the source leaves the clone's media whole.
    expect((await client.delete(`client/tasks/${source.id}/`)).statusCode).toBe(204)
    expect(fs.existsSync(mediaFilePath(t.mediaDir, audio.storageKey))).toBe(false)
    expect(fs.readFileSync(mediaFilePath(t.mediaDir, copy!.storageKey), 'utf8')).toBe('RIFF sound')
    const media2 = await client.get(
      `client/fake-tasks/${clone.id}/media/${copied[0]!.id}/${copy!.uuid}/`,
    )
    expect(media2.statusCode).toBe(200)
    expect(media2.body).toBe('RIFF sound')
  })

  it('keeps gold items gold with their expected answers, in no fixed set', async () => {
    const { task: source, itemIds } = await seedTask(t.db, own, {
      isFixedSets: true,
      itemsPerSet: 2,
      itemsTotal: 3,
      items: [{}, {}, {}, {}],
    })
    await t.db.update(items).set({ isGold: true }).where(eq(items.id, itemIds[1]!))
    await t.db.insert(goldAnswers).values({ itemId: itemIds[1]!, expected: { transcript: 'x' } })

    const response = await client.post(`client/tasks/${source.id}/clone/`)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().items).toEqual({ total: 3, done: 0, left: 3 })
    const copied = await itemsOf(response.json().id)
    expect(copied.map((item) => item.isGold)).toEqual([false, true, false, false])
    const sets = await t.db
      .select()
      .from(itemSets)
      .where(eq(itemSets.taskId, response.json().id))
      .orderBy(asc(itemSets.position))
    expect(copied.map((item) => item.itemSetId)).toEqual([
      sets[0]!.id,
      null,
      sets[0]!.id,
      sets[1]!.id,
    ])
    expect(
      await t.db.select().from(goldAnswers).where(eq(goldAnswers.itemId, copied[1]!.id)),
    ).toMatchObject([{ expected: { transcript: 'x' } }])
  })

  it('leaves items of dynamic-set tasks out of any set', async () => {
    const { task } = await seedTask(t.db, own, { items: [{}, {}] })
    const response = await client.post(`client/tasks/${task.id}/clone/`)
    expect(response.statusCode).toBe(201)
    const copied = await itemsOf(response.json().id)
    expect(copied.map((item) => item.itemSetId)).toEqual([null, null])
    expect(
      await t.db.select().from(itemSets).where(eq(itemSets.taskId, response.json().id)),
    ).toEqual([])
  })

  it('refuses a task still reading its upload, and other clients’ tasks', async () => {
    const { task } = await seedTask(t.db, own, { status: 'PROCESSING' })
    expect((await client.post(`client/tasks/${task.id}/clone/`)).statusCode).toBe(409)
    const foreign = (await seedTask(t.db, await seedWorkspace(t.db))).task
    expect((await client.post(`client/tasks/${foreign.id}/clone/`)).statusCode).toBe(404)
    const count = await t.db.select().from(tasks)
    expect(count.filter((row) => row.taskTypeId === foreign.taskTypeId)).toHaveLength(1)
  })
})
