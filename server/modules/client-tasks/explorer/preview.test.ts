import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ITEM_SET_LOCK_MINUTES } from '../../../../contract/constants'
import { mediaObjects } from '../../../db/schema'
import { createTestAppWithMedia, type MediaTestApp } from '../../../test/harness'
import { type SignedInClient, signIn } from '../../../test/session-client'
import { storeStream } from '../../media/storage'
import { type Definitions, seedTask, seedWorkspace } from '../test-fixtures'

describe('fake-task preview', () => {
  let t: MediaTestApp
  let client: SignedInClient
  let own: Definitions

  beforeAll(async () => {
    t = await createTestAppWithMedia('client-tasks-preview')
    client = await signIn(t, { roles: ['client'] })
    own = await seedWorkspace(t.db, [client.user.id], { customItemsetLockTime: 30 })
  })
  afterAll(() => t.close())

  const tableSizes = async () => {
    const result = (await t.db.execute(
      sql`select (select count(*) from item_sets)::int as sets,
                 (select count(*) from annotations)::int as annotations,
                 (select count(*) from time_log_intervals)::int as logs`,
    )) as unknown as { rows: unknown[] }
    return result.rows[0]
  }

  it('shows fixed set N with widget rows by grid placement, writing nothing', async () => {
    const { task, itemIds } = await seedTask(t.db, own, {
      isFixedSets: true,
      itemsPerSet: 2,
      items: [
        { data: { prompt: 'one', recording: { uuid: 'u-1' } } },
        { data: { prompt: 'two' } },
        { data: { prompt: 'three' } },
      ],
    })
    const before = await tableSizes()
    const started = Date.now()
    const response = await client.get(`client/fake-tasks/${task.id}/`)
    expect(response.statusCode, response.body).toBe(200)
    const preview = response.json()
    expect(preview).toMatchObject({
      task_id: task.id,
      schema: own.schemaId,
      protocol: own.protocolId,
      offset: 0,
      next_offset: 1,
      items_count: 2,
      done_items_count: 0,
    })
    const lock = Date.parse(preview.lock_expiration_timestamp) - started
    expect(lock).toBeGreaterThanOrEqual(30 * 60_000 - 1000)
    expect(lock).toBeLessThan(31 * 60_000)
    expect(preview.items.map((item: { id: number }) => item.id)).toEqual(itemIds.slice(0, 2))
    expect(preview.items[0]).toEqual({
      id: itemIds[0],
      task_id: task.id,
      data: { prompt: 'one', recording: { uuid: 'u-1' } },
      annotations: [],
      rows: [
        [
          {
            name: 'prompt',
            data: 'one',
            config: { component: 'text', label: 'Prompt' },
            colWidth: 6,
            colOffset: 0,
          },
          {
            name: 'recording',
            data: { uuid: 'u-1' },
            config: { component: 'audio', label: 'Recording' },
            colWidth: 6,
            colOffset: 0,
          },
        ],
        [
          {
            name: 'transcript',
            data: null,
            config: { component: 'textarea', label: 'Transcript' },
            colWidth: 12,
            colOffset: 0,
          },
          {
            name: 'ok',
            data: null,
            config: { component: 'checkbox', label: 'OK' },
            colWidth: 4,
            colOffset: 1,
          },
        ],
        [
          {
            name: 'note',
            data: null,
            config: { component: 'text', label: 'Why not?' },
            colWidth: 12,
            colOffset: 0,
          },
        ],
      ],
    })
    const last = (
      await client.get(`client/fake-tasks/${task.id}/`, { query: { offset: '1' } })
    ).json()
    expect(last.items.map((item: { id: number }) => item.id)).toEqual([itemIds[2]])
    expect(last.next_offset).toBeNull()
    const beyond = (
      await client.get(`client/fake-tasks/${task.id}/`, { query: { offset: '5' } })
    ).json()
    expect(beyond).toMatchObject({ items: [], items_count: 0, next_offset: null })
    expect(await tableSizes()).toEqual(before)
  })

  it('shows the next items_per_set items from an item offset for dynamic sets', async () => {
    const other = await seedWorkspace(t.db, [client.user.id])
    const { task, itemIds } = await seedTask(t.db, other, {
      itemsPerSet: 2,
      items: [{}, {}, {}, {}, {}],
    })
    const page = async (offset: number) =>
      (
        await client.get(`client/fake-tasks/${task.id}/`, { query: { offset: String(offset) } })
      ).json()
    const first = await page(0)
    expect(first.items.map((item: { id: number }) => item.id)).toEqual(itemIds.slice(0, 2))
    expect(first.next_offset).toBe(2)
    const middle = await page(3)
    expect(middle.items.map((item: { id: number }) => item.id)).toEqual(itemIds.slice(3, 5))
    expect(middle.next_offset).toBeNull()
    // The instance default applies without a custom lock time.
    const lock = Date.parse(first.lock_expiration_timestamp) - Date.now()
    expect(Math.round(lock / 60_000)).toBe(DEFAULT_ITEM_SET_LOCK_MINUTES)
  })

  it('streams media the previewed item names, with ranges, and nothing else', async () => {
    const stored = await storeStream(t.media, Readable.from([Buffer.from('0123456789')]), '.wav')
    const elsewhere = await storeStream(t.media, Readable.from([Buffer.from('secret')]), '.wav')
    const { task, itemIds } = await seedTask(t.db, own, {
      items: [{ data: { recording: { uuid: stored.uuid } } }, { data: { prompt: 'no media' } }],
    })
    await t.db.insert(mediaObjects).values([
      { ...stored, mimeType: 'audio/wav', taskId: task.id },
      { ...elsewhere, mimeType: 'audio/wav' },
    ])
    const url = (itemId: number, uuid: string, taskId = task.id) =>
      `client/fake-tasks/${taskId}/media/${itemId}/${uuid}/`

    const whole = await client.get(url(itemIds[0]!, stored.uuid))
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/wav')
    expect(whole.body).toBe('0123456789')
    const range = await client.get(url(itemIds[0]!, stored.uuid), {
      headers: { range: 'bytes=2-5' },
    })
    expect(range.statusCode).toBe(206)
    expect(range.headers['content-range']).toBe('bytes 2-5/10')
    expect(range.body).toBe('2345')

    // An item that does not name the uuid, a uuid of nothing, an item of another task.
    expect((await client.get(url(itemIds[1]!, stored.uuid))).statusCode).toBe(404)
    expect((await client.get(url(itemIds[0]!, elsewhere.uuid))).statusCode).toBe(404)
    const other = await seedTask(t.db, own, { items: [{}] })
    expect((await client.get(url(itemIds[0]!, stored.uuid, other.task.id))).statusCode).toBe(404)
    expect((await client.get(url(itemIds[0]!, 'not-a-uuid'))).statusCode).toBe(400)
  })
})
