import 'fake-indexeddb/auto'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { CSRF_COOKIE } from '../../contract/constants'
import { storage } from '../storage'
import { apiError, makeUser, setupApiServer } from '../test/api'
import { offlineDb } from './db'
import { TIMELOG_ACTIVITY, TIMELOG_TRANSITION } from './operations/timelog-activity'
import { enqueue, outbox } from './outbox'

const server = setupApiServer()
const SAMPLE_PATH = '/api/timelogs/submit-activity/'
const TRANSITION_PATH = '/api/timelogs/submit-activity-transition/'

const sample = {
  source: 'TASK' as const,
  url: '/tasks/4/9/',
  task: 4,
  item_set: 9,
  mouse_moves: 12,
  mouse_clicks: 3,
  key_clicks: 40,
  started_at: '2026-03-02T09:00:00.000Z',
  ended_at: '2026-03-02T09:01:00.000Z',
}

beforeEach(async () => {
  const db = await offlineDb()
  await db.clear('outbox')
  await db.clear('rejections')
  storage.set('user', makeUser({ id: 7 }))
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=csrf-token; path=/`
})

describe('activity in the outbox', () => {
  it('sends a sample under its op id with the device clock of the send, not of the enqueue', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post(SAMPLE_PATH, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({}, { status: 201 })
      }),
    )
    const before = Date.now()
    const op = await enqueue(TIMELOG_ACTIVITY, sample)
    await outbox.sync()
    expect(bodies).toEqual([
      { ...sample, protocol: null, client_uuid: op.id, sent_at: expect.any(String) },
    ])
    const sentAt = Date.parse((bodies[0] as { sent_at: string }).sent_at)
    expect(sentAt).toBeGreaterThanOrEqual(before)
  })

  it('drops a refused send silently and is never counted as the user’s unsynced change', async () => {
    server.use(
      http.post(TRANSITION_PATH, () => apiError(400, 'Invalid.', 'validation_error')),
      http.post(SAMPLE_PATH, () => apiError(503, 'Down.', 'service_unavailable')),
    )
    const context = { source: 'OTHER' as const, url: '/timelogs/' }
    await enqueue(TIMELOG_TRANSITION, {
      source_event: context,
      target_event: { ...context, url: '/tasks/' },
      occurred_at: '2026-03-02T09:00:00.000Z',
    })
    await enqueue(TIMELOG_ACTIVITY, sample)
    await outbox.sync()
    // The refused transition is gone; the sample waits for the server to come back.
    const left = await (await offlineDb()).getAll('outbox')
    expect(left.map((op) => op.kind)).toEqual([TIMELOG_ACTIVITY])
    expect(outbox.getStatus()).toMatchObject({ pending: 0, rejections: [] })
  })
})
