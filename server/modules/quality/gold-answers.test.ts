import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { annotations } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { annotationBody, annotationPath, idempotencyHeaders } from '../worker-tasks/test-fixtures'
import { seedGoldSet } from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const EXPECTED = { transcript: 'hello world', ok: 'true', count: 3 }
const RIGHT = { transcript: 'hello  world ', ok: 'true', count: '3' }
const TWO_OF_THREE = { transcript: 'hello world', ok: 'false', note: 'muffled', count: '3' }

async function scoreOf(itemSetId: number, itemId: number) {
  const [row] = await t.db
    .select({ score: annotations.goldScore, correct: annotations.goldCorrect })
    .from(annotations)
    .where(and(eq(annotations.itemSetId, itemSetId), eq(annotations.itemId, itemId)))
  return row
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)

describe('gold answers are scored when done, in the save', () => {
  it('scores a done answer, re-scores an edit and clears the score when taken back', async () => {
    const set = await seedGoldSet(t.app, { expected: EXPECTED })
    const path = annotationPath(set.setId, set.goldIds[0]!)
    const draft = await set.worker.put(path, annotationBody(RIGHT))
    expect(draft.statusCode).toBe(200)
    expect(await scoreOf(set.setId, set.goldIds[0]!)).toEqual({ score: null, correct: null })

    await set.worker.put(path, annotationBody(TWO_OF_THREE, { isDone: true }))
    expect(await scoreOf(set.setId, set.goldIds[0]!)).toEqual({ score: 2 / 3, correct: false })

    await set.worker.put(path, annotationBody(RIGHT, { isDone: true }))
    expect(await scoreOf(set.setId, set.goldIds[0]!)).toEqual({ score: 1, correct: true })

    await set.worker.put(path, annotationBody(RIGHT))
    expect(await scoreOf(set.setId, set.goldIds[0]!)).toEqual({ score: null, correct: null })
  })

  it('leaves ordinary items unscored', async () => {
    const set = await seedGoldSet(t.app, { expected: EXPECTED })
    const itemId = set.ordinaryIds[0]!
    const saved = await set.worker.put(
      annotationPath(set.setId, itemId),
      annotationBody(RIGHT, { isDone: true }),
    )
    expect(saved.statusCode).toBe(200)
    expect(await scoreOf(set.setId, itemId)).toEqual({ score: null, correct: null })
  })

  it('scores an outbox replay of a Done made offline, once, and keeps a newer edit’s score', async () => {
    const set = await seedGoldSet(t.app, { expected: EXPECTED })
    const path = annotationPath(set.setId, set.goldIds[0]!)
    // The outbox sends each save with its own key and the device time it was made at.
    const headers = idempotencyHeaders()
    const offlineDone = annotationBody(TWO_OF_THREE, { isDone: true, at: minutesAgo(5) })
    const first = await set.worker.put(path, offlineDone, { headers })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ is_done: true, applied: true })
    expect(await scoreOf(set.setId, set.goldIds[0]!)).toEqual({ score: 2 / 3, correct: false })

    const replay = await set.worker.put(path, offlineDone, { headers })
    expect(replay.headers['idempotent-replay']).toBe('true')
    expect(replay.json()).toEqual(first.json())

    // A newer edit, then an older one replayed late: the newer edit's score stays.
    await set.worker.put(path, annotationBody(RIGHT, { isDone: true, at: minutesAgo(1) }), {
      headers: idempotencyHeaders(),
    })
    const late = await set.worker.put(
      path,
      annotationBody(TWO_OF_THREE, { isDone: true, at: minutesAgo(3) }),
      { headers: idempotencyHeaders() },
    )
    expect(late.json()).toMatchObject({ applied: false })
    expect(await scoreOf(set.setId, set.goldIds[0]!)).toEqual({ score: 1, correct: true })
  })
})
