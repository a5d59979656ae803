import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemSets, languages, mediaObjects } from '../../db/schema'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { storeStream } from '../media/storage'
import {
  addWorker,
  annotationBody,
  annotationPath,
  claimPath,
  itemDataAt,
  seedScenario,
  WORKER_SCHEMA,
} from './test-fixtures'

let t: MediaTestApp

beforeAll(async () => {
  t = await createTestAppWithMedia('worker-tasks-media')
})
afterAll(() => t.close())

describe('GET /api/endworker/item-sets/{id}/', () => {
  it('gives the items with their widget rows, annotations, the schema, protocol and task', async () => {
    const scenario = await seedScenario(t.db, { items: 2, type: { itemsPerSet: 2 } })
    const worker = await addWorker(t.app, scenario)
    const claim = (await worker.post(claimPath(scenario.task.id))).json()
    await worker.put(
      annotationPath(claim.id, scenario.itemIds[1]!),
      annotationBody({ transcript: 'hello', ok: 'true' }, { isDone: true }),
    )
    const response = await worker.get(`endworker/item-sets/${claim.id}/`)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({
      id: claim.id,
      expired: false,
      items_count: 2,
      done_items_count: 1,
      lock_expiration_timestamp: claim.lock_expiration_timestamp,
      schema: WORKER_SCHEMA,
      protocol: { id: scenario.protocolId, version: 1, serving_type: 'TXT', read: true },
      task: {
        id: scenario.task.id,
        description: scenario.task.description,
        status: 'IN_PROGRESS',
        base_language: { code: 'en' },
        target_language: { code: 'pl' },
      },
    })
    const [first, second] = body.items
    expect(first.annotation).toBeNull()
    expect(second.annotation).toMatchObject({
      data: { transcript: 'hello', ok: 'true' },
      is_done: true,
      status: 'saved',
    })
    // Rows follow grid_placement: row 0 holds the item fields, by column.
    expect(second.rows.map((row: { row: number }) => row.row)).toEqual([0, 1, 2, 3])
    expect(second.rows[0]).toEqual({
      row: 0,
      cells: [
        {
          name: 'prompt',
          source: 'item',
          data: 'prompt 1',
          config: { component: 'text', label: 'Prompt' },
          colWidth: 6,
          colOffset: 0,
        },
        expect.objectContaining({ name: 'recording', source: 'item', colWidth: 6 }),
      ],
    })
    expect(second.rows[2].cells.map((cell: { name: string; data: unknown }) => cell)).toEqual([
      expect.objectContaining({ name: 'ok', source: 'annotation', data: 'true', colWidth: 4 }),
      expect.objectContaining({ name: 'note', source: 'annotation', data: null, colWidth: 8 }),
    ])
  })

  it('gives the diacritic signs of the task languages, for the palette of the text widgets', async () => {
    const scenario = await seedScenario(t.db)
    const polishSigns = [
      { sign: 'ą', description: 'a with ogonek' },
      { sign: 'ł', description: 'l with stroke' },
    ]
    await t.db
      .update(languages)
      .set({ diacriticSigns: polishSigns })
      .where(eq(languages.id, scenario.languages.pl))
    const worker = await addWorker(t.app, scenario)
    const claim = (await worker.post(claimPath(scenario.task.id))).json()
    const body = (await worker.get(`endworker/item-sets/${claim.id}/`)).json()

    const expected = {
      base_language: {
        id: scenario.languages.en,
        code: 'en',
        name: 'English',
        diacritic_signs: [],
      },
      target_language: {
        id: scenario.languages.pl,
        code: 'pl',
        name: 'Polish',
        diacritic_signs: polishSigns,
      },
    }
    expect(body.task).toMatchObject(expected)
    expect(claim.task).toMatchObject(expected)
  })

  it('lists only the done items once the lock ended', async () => {
    const scenario = await seedScenario(t.db, { items: 3, type: { itemsPerSet: 3 } })
    const worker = await addWorker(t.app, scenario)
    const claim = (await worker.post(claimPath(scenario.task.id))).json()
    await worker.put(
      annotationPath(claim.id, scenario.itemIds[0]!),
      annotationBody({ transcript: 'draft' }),
    )
    await worker.put(
      annotationPath(claim.id, scenario.itemIds[2]!),
      annotationBody({ transcript: 'done' }, { isDone: true }),
    )
    await t.db
      .update(itemSets)
      .set({ lockExpiration: new Date(Date.now() - 1000) })
      .where(eq(itemSets.id, claim.id))
    const body = (await worker.get(`endworker/item-sets/${claim.id}/`)).json()
    expect(body).toMatchObject({ expired: true, items_count: 1, done_items_count: 1 })
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([scenario.itemIds[2]])
  })

  it('answers 404 for another worker’s set', async () => {
    const scenario = await seedScenario(t.db)
    const owner = await addWorker(t.app, scenario)
    const claim = (await owner.post(claimPath(scenario.task.id))).json()
    const other = await addWorker(t.app, scenario)
    expect((await other.get(`endworker/item-sets/${claim.id}/`)).statusCode).toBe(404)
    expect((await other.get('endworker/item-sets/999999/')).statusCode).toBe(404)
  })
})

describe('GET /api/endworker/item-sets/{id}/media/{itemId}/{uuid}/', () => {
  it('streams media named by the item to the set’s worker, with ranges', async () => {
    const stored = await storeStream(
      t.media,
      Readable.from([Buffer.from('RIFF-audio-bytes')]),
      '.wav',
    )
    const scenario = await seedScenario(t.db, {
      items: [{ ...itemDataAt(0), recording: { uuid: stored.uuid } }, itemDataAt(1)],
      type: { itemsPerSet: 1 },
    })
    await t.db.insert(mediaObjects).values({
      uuid: stored.uuid,
      taskId: scenario.task.id,
      storageKey: stored.storageKey,
      mimeType: 'audio/wav',
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
    })
    const worker = await addWorker(t.app, scenario)
    const claim = (await worker.post(claimPath(scenario.task.id))).json()
    const url = `endworker/item-sets/${claim.id}/media/${scenario.itemIds[0]}/${stored.uuid}/`
    const whole = await worker.get(url)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/wav')
    expect(whole.body).toBe('RIFF-audio-bytes')
    const part = await worker.get(url, { headers: { range: 'bytes=5-9' } })
    expect(part.statusCode).toBe(206)
    expect(part.body).toBe('audio')

    // The other item does not name the uuid, and is not in the set either.
    const otherItem = `endworker/item-sets/${claim.id}/media/${scenario.itemIds[1]}/${stored.uuid}/`
    expect((await worker.get(otherItem)).statusCode).toBe(404)
    const stranger = await addWorker(t.app, scenario)
    expect((await stranger.get(url)).statusCode).toBe(404)
  })
})
