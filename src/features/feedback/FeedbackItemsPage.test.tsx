import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { FeedbackTask, ReviewedItem } from '../../../contract/review'
import { setupApiServer, signedInHandlers } from '../../test/api'
import { renderWithRouter } from '../../test/render'
import { ITEM, TASK_SUMMARY } from '../review/test-fixtures'
import { FeedbackItemsPage } from './FeedbackItemsPage'

/** A graded review (id 900) of the worker's annotation of item 17: the two numbers differ. */
const REVIEWED: ReviewedItem = {
  ...ITEM,
  id: 900,
  item_id: 17,
  annotation_id: 31,
  status: 'REVIEWED',
  reviewer: {
    id: 8,
    username: 'rita',
    first_name: 'Rita',
    last_name: 'Reviewer',
    email: 'rita@example.org',
  },
  mark: 4,
  comment: 'Good work',
  reviewed_timestamp: '2030-01-01T11:30:00.000Z',
  lock_expiration_timestamp: null,
}

const TASK: FeedbackTask = {
  ...TASK_SUMMARY,
  reviewed_count: 1,
  latest_reviewed_timestamp: '2030-01-01T11:30:00.000Z',
}

const server = setupApiServer(
  http.get('/api/review/feedback/tasks/12/', () => HttpResponse.json(TASK)),
  http.get('/api/review/feedback/items/', () =>
    HttpResponse.json({ count: 1, next: null, previous: null, results: [REVIEWED] }),
  ),
  http.get('/api/review/feedback/items/900/', () => HttpResponse.json(REVIEWED)),
  http.options('/api/review/feedback/items/', () =>
    HttpResponse.json({ protocols: [], reviewers: [], marks: [] }),
  ),
)

describe('the feedback items page', { timeout: 15_000 }, () => {
  it("names each item by the item's number in the list and in the details", async () => {
    server.use(...signedInHandlers({ permissions: ['endworker'] }))
    const user = userEvent.setup()
    renderWithRouter(<FeedbackItemsPage taskId={12} />)

    const row = await screen.findByRole('row', { name: /17/ }, { timeout: 4000 })
    expect(within(row).getByRole('rowheader')).toHaveTextContent('17')
    expect(within(row).queryByText('900')).not.toBeInTheDocument()
    await user.click(within(row).getByRole('checkbox', { name: 'Select item #17' }))
    await user.click(screen.getByRole('button', { name: 'Show the details of the selected items' }))
    expect(await screen.findByRole('article', { name: 'Item #17' })).toBeInTheDocument()
  })
})
