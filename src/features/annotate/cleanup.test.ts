import { waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { CSRF_COOKIE } from '../../../contract/constants'
import type { AnnotationSave, WorkerItemSet } from '../../../contract/worker'
import { RUNTIME_CACHES } from '../../../sw/cache-names'
import { createQueryClient } from '../../api/query-client'
import { offlineDb } from '../../offline/db'
import {
  getItemSet,
  listDrafts,
  listItemSets,
  putItemSet,
  saveAnnotation,
} from '../../offline/item-sets'
import { discardRejection, getOutboxStatus, syncOutbox } from '../../offline/outbox'
import { storage } from '../../storage'
import { apiError, makeUser, setupApiServer } from '../../test/api'
import { cleanUpDeviceCopies, LOCK_CLOCK_GRACE_MS } from './cleanup'
import { itemMediaUrl } from './offline-files'
import { storeItemSetView } from './stored'
import { keepItemSetsSynced } from './sync'
import { installMemoryCaches, type MemoryCacheStorage } from './test-caches'
import { makeAnnotation, makeItem, makeItemSet, resetOfflineDb } from './test-fixtures'

const server = setupApiServer()
const NOW = Date.parse('2026-03-02T12:00:00.000Z')
const MEDIA_UUID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427'
const HOUR = 60 * 60_000

let caches: MemoryCacheStorage

beforeEach(async () => {
  await resetOfflineDb()
  caches = installMemoryCaches()
})
afterEach(() => vi.unstubAllGlobals())

const lockEndingAt = (time: number) => new Date(time).toISOString()

/** A set's copy on the device as opening it leaves it: the set and its items' media files. */
async function openedOnDevice(overrides: Partial<WorkerItemSet>) {
  const view = makeItemSet({ lock_expiration_timestamp: lockEndingAt(NOW + HOUR), ...overrides })
  await storeItemSetView(view)
  const media = await caches.open(RUNTIME_CACHES.itemMedia)
  for (const item of view.items) {
    await media.put(itemMediaUrl(view.id, item.id, MEDIA_UUID), new Response('audio'))
  }
  return view
}

const copies = async () => (await listItemSets()).map((copy) => copy.id).sort()
const mediaSets = async () =>
  (await caches.paths(RUNTIME_CACHES.itemMedia)).map((path) => Number(path.split('/')[4]))

describe('cleaning the device of item sets no longer needed', () => {
  it('removes a set of a finished task with its drafts and media, and keeps the open one', async () => {
    const finished = await openedOnDevice({
      id: 55,
      task: { ...makeItemSet().task, status: 'FINISHED' },
    })
    await openedOnDevice({ id: 56 })
    const db = await offlineDb()
    await db.put('annotations', {
      key: '55:11',
      itemSetId: 55,
      itemId: 11,
      data: { transcript: 'sent long ago' },
      is_done: true,
      client_updated_at: '2026-03-01T10:00:00.000Z',
    })
    const protocols = await caches.open(RUNTIME_CACHES.protocols)
    await protocols.put('/api/media/protocols/8.pdf', new Response('pdf'))
    const reviewMedia = `/api/reviewer/tasks/3/media/11/${MEDIA_UUID}/`
    await (await caches.open(RUNTIME_CACHES.itemMedia)).put(reviewMedia, new Response('audio'))

    expect(await cleanUpDeviceCopies(NOW)).toEqual([finished.id])

    expect(await getItemSet(55)).toBeUndefined()
    expect(await listDrafts(55)).toEqual([])
    expect(await copies()).toEqual([56])
    expect(await caches.paths(RUNTIME_CACHES.itemMedia)).toEqual([
      itemMediaUrl(56, 11, MEDIA_UUID),
      itemMediaUrl(56, 12, MEDIA_UUID),
      reviewMedia,
    ])
    expect(await caches.paths(RUNTIME_CACHES.protocols)).toEqual(['/api/media/protocols/8.pdf'])
  })

  it('removes a set whose lock ended by the server’s word, or an hour past on the device’s clock', async () => {
    await openedOnDevice({
      id: 55,
      expired: true,
      lock_expiration_timestamp: lockEndingAt(NOW + HOUR),
    })
    await openedOnDevice({
      id: 56,
      lock_expiration_timestamp: lockEndingAt(NOW - LOCK_CLOCK_GRACE_MS - 1),
    })
    // Clocks drift: a lock that seems to have just ended may still hold on the server.
    await openedOnDevice({ id: 57, lock_expiration_timestamp: lockEndingAt(NOW - 10 * 60_000) })

    expect((await cleanUpDeviceCopies(NOW)).sort()).toEqual([55, 56])
    expect(await copies()).toEqual([57])
    expect(await mediaSets()).toEqual([57, 57])
  })

  it('keeps a set still locked even with every item done: the worker may still change them', async () => {
    const done = makeAnnotation({ is_done: true })
    await openedOnDevice({ items: [makeItem(11, done), makeItem(12, done)], done_items_count: 2 })

    expect(await cleanUpDeviceCopies(NOW)).toEqual([])
    expect(await copies()).toEqual([55])
    expect(await mediaSets()).toEqual([55, 55])
  })

  it('keeps a set while a change to it waits in the outbox', async () => {
    await openedOnDevice({ id: 55, expired: true })
    await openedOnDevice({ id: 56, expired: true })
    await saveAnnotation({
      itemSetId: 55,
      itemId: 11,
      data: { transcript: 'offline' },
      is_done: true,
    })

    expect(await cleanUpDeviceCopies(NOW)).toEqual([56])
    expect(await copies()).toEqual([55])
    expect(await listDrafts(55)).toHaveLength(1)
    expect(await mediaSets()).toEqual([55, 55])
  })

  it('keeps every copy while a change of a kind this version does not know waits', async () => {
    await openedOnDevice({ id: 55, expired: true })
    const db = await offlineDb()
    await db.add('outbox', {
      id: crypto.randomUUID(),
      kind: 'review.save',
      key: null,
      payload: { reviewId: 4 },
      owner: '7',
      createdAt: NOW,
      attempts: 0,
      nextAttemptAt: NOW,
      state: 'pending',
    })

    expect(await cleanUpDeviceCopies(NOW)).toEqual([])
    expect(await copies()).toEqual([55])
  })

  it('removes a copy an older app version wrote, which this one cannot read', async () => {
    await putItemSet({ id: 60, items: 'an older shape' } as { id: number })

    expect(await cleanUpDeviceCopies(NOW)).toEqual([60])
    expect(await copies()).toEqual([])
  })

  it('works without service-worker caches (a browser lacking them)', async () => {
    vi.stubGlobal('caches', undefined)
    await storeItemSetView(makeItemSet({ id: 55, expired: true }))

    expect(await cleanUpDeviceCopies(NOW)).toEqual([55])
  })
})

describe('when the cleanup runs', () => {
  const savedAnswer = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as AnnotationSave
    return HttpResponse.json({
      ...makeAnnotation({ data: body.data, client_updated_at: body.client_updated_at }),
      item_id: 11,
      item_set_id: 55,
      applied: true,
    })
  }

  function startApp() {
    storage.set('user', makeUser())
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
    document.cookie = `${CSRF_COOKIE}=test-token; path=/`
    onTestFinished(keepItemSetsSynced(createQueryClient()))
  }

  it('runs at start-up, and again once a sync pass has sent the last change of a set', async () => {
    await openedOnDevice({ id: 55, expired: true })
    await openedOnDevice({ id: 56, expired: true })
    await saveAnnotation({ itemSetId: 55, itemId: 11, data: { transcript: 'late' }, is_done: true })
    server.use(http.put('/api/endworker/item-sets/55/items/11/annotation/', savedAnswer))

    startApp()
    await waitFor(async () => expect(await copies()).toEqual([55]))
    expect(await mediaSets()).toEqual([55, 55])

    await syncOutbox()
    await waitFor(async () => expect(await copies()).toEqual([]))
    expect(await mediaSets()).toEqual([])
  })

  it('keeps a set whose change was refused until the worker has dealt with it', async () => {
    await openedOnDevice({ id: 55, expired: true })
    await saveAnnotation({ itemSetId: 55, itemId: 11, data: { transcript: 'late' }, is_done: true })
    server.use(
      http.put('/api/endworker/item-sets/55/items/11/annotation/', () =>
        apiError(410, 'The item set expired: refresh or fetch a new one.', 'lock_expired'),
      ),
    )
    startApp()

    await syncOutbox()
    await waitFor(() => expect(getOutboxStatus().rejections).toHaveLength(1))
    expect(await cleanUpDeviceCopies(NOW)).toEqual([])
    expect(await copies()).toEqual([55])

    await discardRejection(getOutboxStatus().rejections[0]!.id)
    expect(await cleanUpDeviceCopies(NOW)).toEqual([55])
  })
})
