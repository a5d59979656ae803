import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  LOCK_EXPIRED_DETAIL,
  PROTOCOL_NOT_CONFIRMED_DETAIL,
  TASK_FINISHED_DETAIL,
} from '../../../contract/worker'
import { annotations, itemSets, items, protocolReads, tasks } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import {
  addWorker,
  annotationBody,
  annotationPath,
  claimPath,
  idempotencyHeaders,
  type ScenarioOptions,
  seedClaimedSet,
} from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const claimed = (options: ScenarioOptions = {}) =>
  seedClaimedSet(t.app, { items: 3, type: { itemsPerSet: 3 }, ...options })

const storedAnnotations = (itemSetId: number) =>
  t.db.select().from(annotations).where(eq(annotations.itemSetId, itemSetId))

const seconds = (n: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, n))

describe('PUT /api/endworker/item-sets/{id}/items/{id}/annotation/: saving', () => {
  it('stores the annotation with the validators’ errors, warnings and info', async () => {
    const { worker, setId, itemIds } = await claimed()
    const response = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: '', ok: 'false', count: 'many' }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      item_id: itemIds[0],
      item_set_id: setId,
      applied: true,
      is_done: false,
      is_validating: false,
      status: 'validation_error',
      data: { transcript: '', ok: 'false', count: 'many' },
      errors: { transcript: ['This field is required.'], count: ['Enter a whole number.'] },
      warnings: {},
      info: { note: ['Say why it is not OK.'] },
    })
    const [row] = await storedAnnotations(setId)
    expect(row).toMatchObject({ userId: worker.user.id, itemId: itemIds[0], isDone: false })
    expect(row?.errors).toEqual({
      transcript: ['This field is required.'],
      count: ['Enter a whole number.'],
    })
  })

  it('stores a Done annotation with errors as not done, and takes Done with only warnings', async () => {
    const { worker, setId, itemIds } = await claimed()
    const response = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ ok: 'true' }, { isDone: true }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      applied: true,
      is_done: false,
      status: 'validation_error',
      errors: { transcript: ['This field is required.'] },
    })
    const clean = await worker.put(
      annotationPath(setId, itemIds[1]!),
      annotationBody({ transcript: 'a rather long transcript here', ok: 'true' }, { isDone: true }),
    )
    expect(clean.json()).toMatchObject({
      is_done: true,
      status: 'saved',
      errors: {},
      warnings: { transcript: ['Enter at most 20 characters.'] },
    })
    const rows = await storedAnnotations(setId)
    const done = Object.fromEntries(rows.map((row) => [row.itemId, row.isDone]))
    expect(done).toEqual({ [itemIds[0]!]: false, [itemIds[1]!]: true })
  })

  it('stores an untouched checkbox as false', async () => {
    const { worker, setId, itemIds } = await claimed()
    const response = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: 'hello' }),
    )
    expect(response.json().data).toEqual({ transcript: 'hello', ok: 'false' })
    const [row] = await storedAnnotations(setId)
    expect(row?.data).toEqual({ transcript: 'hello', ok: 'false' })
  })

  it('refuses fields the annotation schema does not have (400), but takes a played item audio', async () => {
    const { worker, setId, itemIds } = await claimed()
    const unknown = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: 'x', colour: 'red' }),
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      code: 'validation_error',
      fields: { 'data.colour': ['Not a field of the annotation schema of this task.'] },
    })
    const [item] = await t.db.select().from(items).where(eq(items.id, itemIds[0]!))
    const recording = item?.data.recording as { uuid: string }
    const played = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({
        transcript: 'x',
        recording: { uuid: recording.uuid, audio_played_to_end: true },
      }),
    )
    expect(played.statusCode).toBe(200)
    expect(played.json().data.recording).toEqual({
      uuid: recording.uuid,
      audio_played_to_end: true,
    })
    const otherAudio = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ recording: { uuid: randomUUID(), audio_played_to_end: true } }),
    )
    expect(otherAudio.statusCode).toBe(400)
    const badValue = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: { text: 'x' } }),
    )
    expect(badValue.statusCode).toBe(400)
    expect(await storedAnnotations(setId)).toHaveLength(1)
  })

  it('keeps the newest edit by client_updated_at whatever order saves arrive in', async () => {
    const { worker, setId, itemIds } = await claimed()
    const path = annotationPath(setId, itemIds[0]!)
    const newer = await worker.put(
      path,
      annotationBody({ transcript: 'second' }, { at: seconds(2) }),
    )
    expect(newer.json()).toMatchObject({ applied: true, data: { transcript: 'second' } })
    const older = await worker.put(
      path,
      annotationBody({ transcript: 'first' }, { at: seconds(1) }),
    )
    expect(older.statusCode).toBe(200)
    expect(older.json()).toMatchObject({
      applied: false,
      data: { transcript: 'second' },
      client_updated_at: seconds(2).toISOString(),
    })
    const same = await worker.put(path, annotationBody({ transcript: 'tie' }, { at: seconds(2) }))
    expect(same.json()).toMatchObject({ applied: false, data: { transcript: 'second' } })
    const newest = await worker.put(
      path,
      annotationBody({ transcript: 'third' }, { at: seconds(3) }),
    )
    expect(newest.json()).toMatchObject({ applied: true, data: { transcript: 'third' } })
    const rows = await storedAnnotations(setId)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.data).toEqual({ transcript: 'third', ok: 'false' })
    expect(rows[0]?.clientUpdatedAt?.toISOString()).toBe(seconds(3).toISOString())
  })

  it('marks work on the item set and the task', async () => {
    const { worker, setId, itemIds, scenario } = await claimed()
    const old = new Date(Date.now() - 3_600_000)
    await t.db.update(itemSets).set({ modifiedAt: old }).where(eq(itemSets.id, setId))
    await worker.put(annotationPath(setId, itemIds[0]!), annotationBody({ transcript: 'x' }))
    const [set] = await t.db.select().from(itemSets).where(eq(itemSets.id, setId))
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, scenario.task.id))
    expect(set!.modifiedAt.getTime()).toBeGreaterThan(old.getTime())
    expect(task!.lastActivity?.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })
})

describe('PUT annotation: idempotent replays', () => {
  it('answers a replay with the first answer, marked, and writes nothing twice', async () => {
    const { worker, setId, itemIds } = await claimed()
    const path = annotationPath(setId, itemIds[0]!)
    const headers = idempotencyHeaders()
    const body = annotationBody({ transcript: 'once' }, { at: seconds(1) })
    const first = await worker.put(path, body, { headers })
    expect(first.statusCode).toBe(200)
    expect(first.headers['idempotent-replay']).toBeUndefined()
    // A newer edit lands in between; the replay still answers what the first request did.
    await worker.put(path, annotationBody({ transcript: 'later' }, { at: seconds(5) }))
    const replay = await worker.put(path, body, { headers })
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replay']).toBe('true')
    expect(replay.json()).toEqual(first.json())
    const rows = await storedAnnotations(setId)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.data).toEqual({ transcript: 'later', ok: 'false' })
  })

  it('refuses the same key on another path or with another body (422)', async () => {
    const { worker, setId, itemIds } = await claimed()
    const headers = idempotencyHeaders()
    const body = annotationBody({ transcript: 'one' })
    expect(
      (await worker.put(annotationPath(setId, itemIds[0]!), body, { headers })).statusCode,
    ).toBe(200)
    const otherPath = await worker.put(annotationPath(setId, itemIds[1]!), body, { headers })
    expect(otherPath.statusCode).toBe(422)
    expect(otherPath.json().code).toBe('idempotency_key_reused')
    const otherBody = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: 'two' }),
      { headers },
    )
    expect(otherBody.statusCode).toBe(422)
    expect(otherBody.json().code).toBe('idempotency_key_reused')
    expect(await storedAnnotations(setId)).toHaveLength(1)
  })

  it('refuses a key that is not a UUID (400)', async () => {
    const { worker, setId, itemIds } = await claimed()
    const response = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: 'x' }),
      { headers: { 'idempotency-key': 'not-a-uuid' } },
    )
    expect(response.statusCode).toBe(400)
    expect(await storedAnnotations(setId)).toEqual([])
  })

  it('replays a stored save even after the lock expired, and refuses a new one with 410', async () => {
    const { worker, setId, itemIds } = await claimed()
    const path = annotationPath(setId, itemIds[0]!)
    const headers = idempotencyHeaders()
    const body = annotationBody({ transcript: 'in time' })
    const first = await worker.put(path, body, { headers })
    await t.db
      .update(itemSets)
      .set({ lockExpiration: new Date(Date.now() - 1000) })
      .where(eq(itemSets.id, setId))
    const replay = await worker.put(path, body, { headers })
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual(first.json())
    const late = await worker.put(path, annotationBody({ transcript: 'too late' }), {
      headers: idempotencyHeaders(),
    })
    expect(late.statusCode).toBe(410)
    expect(late.json()).toEqual({ code: 'lock_expired', detail: LOCK_EXPIRED_DETAIL.message })
  })
})

describe('PUT annotation: refusals', () => {
  it('answers 409 task_finished once the task is no longer in progress', async () => {
    const { worker, setId, itemIds, scenario } = await claimed()
    await t.db.update(tasks).set({ status: 'FINISHED' }).where(eq(tasks.id, scenario.task.id))
    const response = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: 'x' }),
    )
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ code: 'task_finished', detail: TASK_FINISHED_DETAIL.message })
  })

  it('answers 404 for another worker’s set and for an item outside the set', async () => {
    const { setId, itemIds, scenario } = await claimed({ items: 4 })
    const intruder = await addWorker(t.app, scenario)
    const foreign = await intruder.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: 'x' }),
    )
    expect(foreign.statusCode).toBe(404)
    const own = (await intruder.post(claimPath(scenario.task.id))).json() as { id: number }
    const outside = await intruder.put(
      annotationPath(own.id, itemIds[0]!),
      annotationBody({ transcript: 'x' }),
    )
    expect(outside.statusCode).toBe(404)
    expect(await storedAnnotations(setId)).toEqual([])
  })

  it('answers 404 for another worker’s set after its worker saved into it', async () => {
    const { worker, setId, itemIds, scenario } = await claimed()
    const path = annotationPath(setId, itemIds[0]!)
    expect((await worker.put(path, annotationBody({ transcript: 'mine' }))).statusCode).toBe(200)
    const intruder = await addWorker(t.app, scenario)
    const foreign = await intruder.put(path, annotationBody({ transcript: 'theirs' }), {
      headers: idempotencyHeaders(),
    })
    expect(foreign.statusCode).toBe(404)
    const [row] = await storedAnnotations(setId)
    expect(row?.data).toEqual({ transcript: 'mine', ok: 'false' })
  })

  it('needs the protocol confirmed (403)', async () => {
    const { worker, setId, itemIds, scenario } = await claimed()
    await t.db
      .delete(protocolReads)
      .where(
        and(
          eq(protocolReads.userId, worker.user.id),
          eq(protocolReads.protocolId, scenario.protocolId),
        ),
      )
    const response = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: 'x' }),
    )
    expect(response.statusCode).toBe(403)
    expect(response.json().detail).toBe(PROTOCOL_NOT_CONFIRMED_DETAIL.message)
  })

  it('refuses a body without client_updated_at or is_done', async () => {
    const { worker, setId, itemIds } = await claimed()
    const response = await worker.put(annotationPath(setId, itemIds[0]!), {
      data: { transcript: 'x' },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields)).toEqual(['is_done', 'client_updated_at'])
  })
})
