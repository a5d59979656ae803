import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { CSRF_COOKIE } from '../../../contract/constants'
import type { ReviewedItem, ReviewedItemList } from '../../../contract/review'
import { offlineDb } from '../../offline/db'
import { REVIEW_SAVE, reviewDraftKey } from '../../offline/operations/review-save'
import { enqueue, syncOutbox } from '../../offline/outbox'
import { storage } from '../../storage'
import { makeUser, setupApiServer } from '../../test/api'
import { resetOfflineDb } from '../annotate/test-fixtures'
import { REVIEW_LIST_MAX_AGE_MS, readStoredReviewList, storeReviewList } from './stored'
import { ITEM } from './test-fixtures'

const server = setupApiServer()
const BATCH_KEY = ['review', 'batch', 12]

const listOf = (...results: ReviewedItem[]): ReviewedItemList => ({
  count: results.length,
  next: null,
  previous: null,
  results,
})

/** The server grades item 41 as asked and answers the item as stored. */
function gradingServer() {
  server.use(
    http.patch('/api/review/locked-items/41/', async ({ request }) =>
      HttpResponse.json({ ...ITEM, ...((await request.json()) as object), status: 'REVIEWED' }),
    ),
  )
}

const grade = (fields: { mark?: 1 | 2 | 3 | 4 | 5; comment?: string }) =>
  enqueue(REVIEW_SAVE, { reviewItemId: 41, via: 'locked', fields })

beforeEach(async () => {
  await resetOfflineDb()
  storage.set('user', makeUser({ id: 7 }))
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`
})

describe('review lists kept on the device', () => {
  it("keeps the grade the server confirmed as the item's copy, and drops the draft it covers", async () => {
    gradingServer()
    await storeReviewList(BATCH_KEY, listOf(ITEM), Date.now())
    await grade({ mark: 4 })
    await syncOutbox()

    const batch = await readStoredReviewList(BATCH_KEY)
    expect(batch?.results[0]).toMatchObject({ id: 41, mark: 4, status: 'REVIEWED' })
    expect(await (await offlineDb()).get('kv', reviewDraftKey(41))).toBeUndefined()
  })

  it('keeps a draft newer than the confirmed save', async () => {
    gradingServer()
    await grade({ mark: 4 })
    // The confirmation of the first save comes while a newer edit waits for the comment's pause.
    server.use(
      http.patch('/api/review/locked-items/41/', async ({ request }) => {
        await enqueue(
          REVIEW_SAVE,
          { reviewItemId: 41, via: 'locked', fields: { mark: 4, comment: 'Late' } },
          { sendAfterMs: 60_000 },
        )
        return HttpResponse.json({ ...ITEM, ...((await request.json()) as object) })
      }),
    )
    await syncOutbox()
    expect(await (await offlineDb()).get('kv', reviewDraftKey(41))).toEqual({
      mark: 4,
      comment: 'Late',
    })
  })

  it('never lets a list requested before a confirmation replace the confirmed copy', async () => {
    gradingServer()
    const requestedAt = Date.now() - 1_000
    await grade({ mark: 2 })
    await syncOutbox()
    const answered = await storeReviewList(BATCH_KEY, listOf(ITEM), requestedAt)
    expect(answered.results[0]?.mark).toBe(2)
    expect((await readStoredReviewList(BATCH_KEY))?.results[0]?.mark).toBe(2)

    // A list requested after it is the newer word.
    const regraded = { ...ITEM, mark: 5 as const }
    await storeReviewList(BATCH_KEY, listOf(regraded), Date.now() + 1)
    expect((await readStoredReviewList(BATCH_KEY))?.results[0]?.mark).toBe(5)
  })

  it("keeps each reviewer's lists apart, and drops them after a day with their copies", async () => {
    const now = Date.now()
    await storeReviewList(BATCH_KEY, listOf(ITEM), now, now)
    storage.set('user', makeUser({ id: 8 }))
    expect(await readStoredReviewList(BATCH_KEY, now)).toBeUndefined()

    storage.set('user', makeUser({ id: 7 }))
    const dayLater = now + REVIEW_LIST_MAX_AGE_MS + 1
    expect(await readStoredReviewList(BATCH_KEY, dayLater)).toBeUndefined()
    await storeReviewList(['review', 'batch', 13], listOf(), dayLater, dayLater)
    const db = await offlineDb()
    expect(await db.getAllKeys('reviewLists')).toEqual(['7|["review","batch",13]'])
    expect(await db.getAllKeys('reviewItems')).toEqual([])
  })
})
