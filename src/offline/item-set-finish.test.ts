import 'fake-indexeddb/auto'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { CSRF_COOKIE } from '../../contract/constants'
import { storage } from '../storage'
import { apiError, makeUser, setupApiServer } from '../test/api'
import { offlineDb } from './db'
import { saveAnnotation } from './item-sets'
import { ITEM_SET_FINISH } from './operations/item-set-finish'
import { enqueue, outbox } from './outbox'

const server = setupApiServer()
const SAVE_PATH = '/api/endworker/item-sets/:itemSetId/items/:itemId/annotation/'
const FINISH_PATH = '/api/endworker/item-sets/:itemSetId/finish/'

beforeEach(async () => {
  const db = await offlineDb()
  await db.clear('outbox')
  await db.clear('rejections')
  await db.clear('annotations')
  storage.set('user', makeUser({ id: 7 }))
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=csrf-token; path=/`
})

const finished = (itemSetId: number) => ({
  id: itemSetId,
  task_id: 1,
  lock_expiration_timestamp: new Date().toISOString(),
  already_ended: false,
  done_items_count: 1,
})

/** Records the order requests reach the server in; `saveAnswer` decides each save's fate. */
function recordRequests(saveAnswer: () => Response = () => HttpResponse.json({})) {
  const requests: string[] = []
  server.use(
    http.put(SAVE_PATH, ({ params }) => {
      requests.push(`save ${params.itemSetId}/${params.itemId}`)
      return saveAnswer()
    }),
    http.post(FINISH_PATH, ({ params, request }) => {
      requests.push(`finish ${params.itemSetId} ${request.headers.get('idempotency-key')}`)
      return HttpResponse.json(finished(Number(params.itemSetId)))
    }),
  )
  return requests
}

const change = (itemSetId: number, itemId: number) => ({
  itemSetId,
  itemId,
  data: { text: 'done' },
  is_done: true,
})

describe('itemSet.finish', () => {
  it('POSTs the finish with its Idempotency-Key after the set’s queued saves', async () => {
    const requests = recordRequests()
    await saveAnnotation(change(3, 11))
    const op = await enqueue(ITEM_SET_FINISH, { itemSetId: 3, taskId: 1 })
    await outbox.sync()
    expect(requests).toEqual(['save 3/11', `finish 3 ${op.id}`])
    expect(outbox.getStatus().pending).toBe(0)
  })

  it('waits for a save of the set queued after it (typing flushed as the screen closes)', async () => {
    const requests = recordRequests()
    await enqueue(ITEM_SET_FINISH, { itemSetId: 3, taskId: 1 })
    await saveAnnotation(change(3, 12))
    await saveAnnotation(change(4, 20))
    await outbox.sync()
    // The finish stays queued behind the set's save, and goes on the next pass.
    expect(requests).toEqual(['save 3/12', 'save 4/20'])
    await outbox.sync({ force: true })
    expect(requests).toEqual(['save 3/12', 'save 4/20', expect.stringMatching(/^finish 3 /)])
  })

  it('does not overtake a save of the set that failed for a while', async () => {
    let failing = true
    const requests = recordRequests(() =>
      failing ? apiError(503, 'Down.', 'service_unavailable') : HttpResponse.json({}),
    )
    await saveAnnotation(change(5, 30))
    await enqueue(ITEM_SET_FINISH, { itemSetId: 5, taskId: 1 })
    await outbox.sync()
    expect(requests).toEqual(['save 5/30'])
    const [finish] = (await (await offlineDb()).getAll('outbox')).filter(
      (op) => op.kind === ITEM_SET_FINISH,
    )
    expect(finish).toMatchObject({ state: 'pending', attempts: 1 })

    failing = false
    await outbox.sync({ force: true })
    expect(requests).toEqual(['save 5/30', 'save 5/30', expect.stringMatching(/^finish 5 /)])
    expect(outbox.getStatus()).toMatchObject({ pending: 0, rejections: [] })
  })

  it('keeps a refusal (items not done) as a rejection of the worker', async () => {
    server.use(
      http.post(FINISH_PATH, () =>
        apiError(409, '1 of the 2 items of this set are not done yet.', 'conflict'),
      ),
    )
    const op = await enqueue(ITEM_SET_FINISH, { itemSetId: 6, taskId: 1 })
    await outbox.sync()
    expect(outbox.getStatus()).toMatchObject({
      pending: 0,
      rejections: [{ id: op.id, error: { status: 409, code: 'conflict' } }],
    })
  })
})
