import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ReviewTask } from '../../../contract/review'
import { setupApiServer, signedInHandlers } from '../../test/api'
import { renderApp } from '../../test/render'
import { resetOfflineDb } from '../annotate/test-fixtures'
import { TASK_SUMMARY } from './test-fixtures'

const server = setupApiServer()

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results })

const TASK: ReviewTask = {
  ...TASK_SUMMARY,
  pending_count: 0,
  available_count: 0,
  locked_count: 0,
  reviewed_count: 0,
  oldest_pending_timestamp: null,
  latest_reviewed_timestamp: null,
}

/** The review area's calls; `held` is what the locked-items count answers, `asked` counts them. */
function reviewHandlers({ tasks = [] as ReviewTask[], held = 0 } = {}) {
  const counts = { asked: 0 }
  server.use(
    ...signedInHandlers({ permissions: ['reviewer'] }),
    http.get('/api/review/tasks/', () => HttpResponse.json(page(tasks))),
    http.options('/api/review/tasks/', () =>
      HttpResponse.json({ client_groups: [], task_types: [], protocols: [], languages: [] }),
    ),
    http.get('/api/review/reviewer-stats/', () =>
      HttpResponse.json({ available_review_items: 0, locked_review_items: held, reviewer_in: [] }),
    ),
    http.get('/api/review/tasks/12/', () => HttpResponse.json(TASK)),
    http.post('/api/review/locked-items/', () => HttpResponse.json(page([]))),
    http.get('/api/review/locked-items/count/', () => {
      counts.asked += 1
      return HttpResponse.json({ count: held })
    }),
  )
  return counts
}

beforeEach(async () => {
  // The review batch is kept in IndexedDB (stored.ts).
  await resetOfflineDb()
  window.history.replaceState(null, '', '/')
})

describe('the review area’s empty lists', () => {
  it('says there is nothing to review on Available Review Items', async () => {
    reviewHandlers()
    renderApp('/review/perform')
    expect(await screen.findByText('There is nothing for you to review here.')).toBeVisible()
  })

  it('says nothing was reviewed yet on Reviewed Items', async () => {
    reviewHandlers()
    renderApp('/review/reviewed')
    expect(await screen.findByText('You have not reviewed anything here yet.')).toBeVisible()
    expect(screen.queryByText('There is nothing for you to review here.')).toBeNull()
  })
})

describe('the review menu', () => {
  it('shows how many items the reviewer holds to grade on Available Review Items', async () => {
    reviewHandlers({ tasks: [TASK], held: 3 })
    renderApp('/review/reviewed')

    const perform = await screen.findByRole('link', { name: /^Available Review Items/ })
    await waitFor(() => expect(perform).toHaveTextContent('Available Review Items3'))
  })

  it('asks for the count again once a batch is taken and once the list is left', async () => {
    const counts = reviewHandlers({ tasks: [TASK], held: 0 })
    const { router } = renderApp('/review/perform/12')
    expect(await screen.findByText('There are no review items here.')).toBeVisible()
    await waitFor(() => expect(counts.asked).toBeGreaterThanOrEqual(2))

    const before = counts.asked
    await router.navigate({ to: '/review/reviewed' })
    await waitFor(() => expect(counts.asked).toBeGreaterThan(before))
  })
})
