import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ReviewedItem } from '../../../contract/review'
import { syncOutbox } from '../../offline/outbox'
import '../../offline/operations/review-save'
import { storage } from '../../storage'
import { apiError, makeUser, setupApiServer, signedInHandlers } from '../../test/api'
import { renderWithRouter } from '../../test/render'
import { pendingOps, resetOfflineDb } from '../annotate/test-fixtures'
import { ReviewListPage } from './ReviewListPage'
import { ITEM } from './test-fixtures'

const server = setupApiServer()

/**
 * The reviewer's API for task 12 with one review item, which PATCHes change as the server does
 * (each given field replaces the stored one). Answers the item as stored and what was taken.
 */
function reviewServer() {
  let stored: ReviewedItem = { ...ITEM }
  const taken: number[] = []
  server.use(
    http.get('/api/review/tasks/12/', () =>
      HttpResponse.json({
        id: 12,
        description: 'Transcribe',
        task_type: { id: 1, name: 'Transcription' },
        languages: ITEM.languages,
        protocol: ITEM.protocol,
        pending_count: 0,
        available_count: 0,
        locked_count: 1,
        reviewed_count: 0,
        oldest_pending_timestamp: null,
        latest_reviewed_timestamp: null,
      }),
    ),
    http.post('/api/review/locked-items/', () => {
      taken.push(Date.now())
      return HttpResponse.json({ count: 1, next: null, previous: null, results: [stored] })
    }),
    // The card's protocol is kept for offline reading; this test has none to give.
    http.get('/api/media/protocols/3/', () => apiError(404, 'No such protocol.', 'not_found')),
    http.patch('/api/review/locked-items/41/', async ({ request }) => {
      stored = { ...stored, ...((await request.json()) as Partial<ReviewedItem>) }
      return HttpResponse.json(stored)
    }),
  )
  return { stored: () => stored, taken }
}

const card = () => screen.findByRole('article', { name: 'Review item #7' }, { timeout: 5_000 })

beforeEach(async () => {
  await resetOfflineDb()
  storage.set('user', makeUser({ id: 7 }))
  server.use(...signedInHandlers({ permissions: ['reviewer'] }))
})

describe('the review list of a batch', () => {
  it('shows a confirmed grade after a reload, and an edit there keeps what the server has', async () => {
    const api = reviewServer()
    renderWithRouter(<ReviewListPage taskId={12} via="locked" />)
    await userEvent.click(await screen.findByText('Lexical'))
    await waitFor(() => expect(pendingOps()).toBe(1))
    await syncOutbox()
    expect(api.stored().error_types).toEqual(['LEXICAL'])

    // A reload: a new page with nothing in memory; the batch comes from the device.
    cleanup()
    renderWithRouter(<ReviewListPage taskId={12} via="locked" />)
    await card()
    expect(screen.getByRole('checkbox', { name: 'Lexical' })).toBeChecked()
    expect(api.taken).toHaveLength(1)

    await userEvent.click(screen.getByText('Grammatical'))
    await waitFor(() => expect(pendingOps()).toBe(1))
    await syncOutbox()
    expect(api.stored().error_types).toEqual(['LEXICAL', 'GRAMMATICAL'])
  })

  it('counts a batch of one item in the singular', async () => {
    reviewServer()
    renderWithRouter(<ReviewListPage taskId={12} via="locked" />)
    await card()
    expect(screen.getByText('1 item', { exact: true })).toBeVisible()
  })

  it('takes the next items on request, keeping them on the device in place of the old batch', async () => {
    const api = reviewServer()
    renderWithRouter(<ReviewListPage taskId={12} via="locked" />)
    await card()
    await userEvent.click(screen.getByRole('button', { name: 'Take more items' }))
    await waitFor(() => expect(api.taken).toHaveLength(2))
    cleanup()
    renderWithRouter(<ReviewListPage taskId={12} via="locked" />)
    await card()
    expect(api.taken).toHaveLength(2)
  })
})
