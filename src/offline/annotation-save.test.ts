import 'fake-indexeddb/auto'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_COOKIE } from '../../contract/constants'
import { onApiError } from '../api/client'
import { storage } from '../storage'
import { apiError, makeUser, setupApiServer } from '../test/api'
import { offlineDb } from './db'
import { getDraft, saveAnnotation } from './item-sets'
import { outbox } from './outbox'
import { nextEvent } from './test-helpers'

const server = setupApiServer()
const SAVE_PATH = '/api/endworker/item-sets/:itemSetId/items/:itemId/annotation/'

beforeEach(async () => {
  const db = await offlineDb()
  await db.clear('outbox')
  await db.clear('rejections')
  await db.clear('annotations')
  storage.set('user', makeUser({ id: 7 }))
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=csrf-token; path=/`
})

function watchGlobalErrors() {
  const listener = vi.fn()
  const stop = onApiError(listener)
  return { listener, stop }
}

const change = { itemSetId: 3, itemId: 11, data: { text: 'hello' }, is_done: true }

describe('annotation.save', () => {
  it('keeps the draft with the queued save, then PUTs it with its Idempotency-Key', async () => {
    const requests: { url: string; headers: Headers; body: unknown }[] = []
    server.use(
      http.put(SAVE_PATH, async ({ request }) => {
        requests.push({ url: request.url, headers: request.headers, body: await request.json() })
        return HttpResponse.json({ id: 91, data: { text: 'hello' }, is_done: true, errors: {} })
      }),
    )
    const op = await saveAnnotation(change)
    const payload = op.payload as { client_updated_at: string }
    expect(await getDraft(3, 11)).toEqual({
      key: '3:11',
      ...change,
      client_updated_at: payload.client_updated_at,
    })
    expect(op).toMatchObject({ kind: 'annotation.save', key: 'annotation.save|3:11', owner: '7' })
    expect(outbox.getStatus().pending).toBe(1)

    const synced = nextEvent(outbox, 'synced')
    await outbox.sync()

    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(new URL(request!.url).pathname).toBe('/api/endworker/item-sets/3/items/11/annotation/')
    expect(request!.headers.get('idempotency-key')).toBe(op.id)
    expect(request!.headers.get('x-csrftoken')).toBe('csrf-token')
    expect(request!.body).toEqual({
      data: { text: 'hello' },
      is_done: true,
      client_updated_at: payload.client_updated_at,
    })
    expect((await synced).result).toMatchObject({ id: 91 })
    expect(outbox.getStatus().pending).toBe(0)
  })

  it('keeps an expired lock as a rejection, without a global error toast', async () => {
    server.use(http.put(SAVE_PATH, () => apiError(410, 'The lock has expired.', 'lock_expired')))
    const { listener, stop } = watchGlobalErrors()
    const op = await saveAnnotation(change)
    await outbox.sync()
    stop()

    expect(listener).not.toHaveBeenCalled()
    expect(outbox.getStatus()).toMatchObject({
      pending: 0,
      rejections: [{ id: op.id, error: { status: 410, code: 'lock_expired' } }],
    })
  })

  it.each([
    ['a server fault', () => apiError(503, 'Down.', 'service_unavailable'), 503],
    ['a lost connection', () => HttpResponse.error(), 0],
  ])('retries after %s, quietly', async (_name, answer, status) => {
    server.use(http.put(SAVE_PATH, answer))
    const { listener, stop } = watchGlobalErrors()
    await saveAnnotation(change)
    await outbox.sync()
    stop()

    expect(listener).not.toHaveBeenCalled()
    const [op] = await (await offlineDb()).getAll('outbox')
    expect(op).toMatchObject({ attempts: 1, state: 'pending', lastError: { status } })
    expect(outbox.getStatus().rejections).toEqual([])
  })

  it('lets an expired session reach the global handler (sign-out) and keeps the save', async () => {
    server.use(http.put(SAVE_PATH, () => apiError(401, 'Expired.', 'not_authenticated')))
    const { listener, stop } = watchGlobalErrors()
    await saveAnnotation(change)
    await outbox.sync()
    stop()

    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({ status: 401 }),
      expect.objectContaining({ method: 'PUT' }),
    )
    expect(outbox.getStatus()).toMatchObject({ pending: 1, rejections: [] })
  })

  it('coalesces quick edits of one annotation, stamping each later than the last', async () => {
    const first = await saveAnnotation({ ...change, data: { text: 'a' } })
    const second = await saveAnnotation({ ...change, data: { text: 'ab' } })
    await saveAnnotation({ ...change, itemId: 12, data: { text: 'other' } })

    const stamp = (op: typeof first) =>
      (op.payload as { client_updated_at: string }).client_updated_at
    expect(stamp(second) > stamp(first)).toBe(true)
    const queued = await (await offlineDb()).getAll('outbox')
    expect(queued.map((op) => op.id)).toEqual([second.id, expect.any(String)])
    expect(await getDraft(3, 11)).toMatchObject({
      data: { text: 'ab' },
      client_updated_at: stamp(second),
    })
  })
})
