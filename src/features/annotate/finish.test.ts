import { QueryClient } from '@tanstack/react-query'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_COOKIE } from '../../../contract/constants'
import { getItemSet } from '../../offline/item-sets'
import { outbox } from '../../offline/outbox'
import { storage } from '../../storage'
import { makeUser, setupApiServer } from '../../test/api'
import { cleanUpDeviceCopies } from './cleanup'
import { finishItemSet, keepFinishedSetsSynced, queuedFinishes } from './finish'
import { itemSetQuery } from './queries'
import { readStoredItemSet, storeItemSetView } from './stored'
import { makeAnnotation, makeItem, makeItemSet, resetOfflineDb } from './test-fixtures'

const server = setupApiServer()
const endedAt = '2026-11-24T05:00:00.000Z'

beforeEach(async () => {
  await resetOfflineDb()
  storage.set('user', makeUser({ id: 7 }))
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=csrf-token; path=/`
})

const view = makeItemSet({
  items: [makeItem(11, makeAnnotation({ id: 1, is_done: true })), makeItem(12)],
})

describe('finishing an item set', () => {
  it('keeps the set’s copy while its finish waits, and lets it go once the server ended it', async () => {
    server.use(
      http.post('/api/endworker/item-sets/55/finish/', () =>
        HttpResponse.json({
          id: 55,
          task_id: 3,
          lock_expiration_timestamp: endedAt,
          already_ended: false,
          done_items_count: 1,
        }),
      ),
    )
    await storeItemSetView(view)
    const queryClient = new QueryClient()
    queryClient.setQueryData(itemSetQuery(55).queryKey, view)
    const onFinished = vi.fn()
    const stop = keepFinishedSetsSynced(queryClient, onFinished)

    const outcome = await finishItemSet({ itemSetId: 55, taskId: 3 })
    stop()

    expect(outcome).toBe('finished')
    expect(onFinished).toHaveBeenCalledOnce()
    expect(await queuedFinishes()).toEqual(new Set())
    // The ended set shows its done items only, as the server would.
    expect(queryClient.getQueryData(itemSetQuery(55).queryKey)).toMatchObject({
      expired: true,
      lock_expiration_timestamp: endedAt,
      items: [{ id: 11 }],
    })
    await vi.waitFor(async () => expect((await readStoredItemSet(55))?.view.expired).toBe(true))
    expect(await cleanUpDeviceCopies()).toEqual([55])
    expect(await getItemSet(55)).toBeUndefined()
  })

  it('stays queued offline, keeping the copy of the set', async () => {
    await storeItemSetView({ ...view, expired: true })
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      expect(await finishItemSet({ itemSetId: 55, taskId: 3 })).toBe('queued')
    } finally {
      onLine.mockRestore()
    }
    expect(await queuedFinishes()).toEqual(new Set([55]))
    expect(outbox.getStatus().pending).toBe(1)
    // Even a copy the server said is over stays while a change of it waits.
    expect(await cleanUpDeviceCopies()).toEqual([])
  })
})
