import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { FeedbackTask, ReviewedItem } from '../../../contract/review'
import { setupApiServer, signedInHandlers } from '../../test/api'
import { renderWithRouter } from '../../test/render'
import { testSchema } from '../annotate/test-fixtures'
import { FeedbackItemsPage } from './FeedbackItemsPage'

/** A graded review (id 900) of the worker's annotation of item 17: the two numbers differ. */
const REVIEWED: ReviewedItem = {
  id: 900,
  item_id: 17,
  annotation_id: 31,
  status: 'REVIEWED',
  generated_timestamp: '2030-01-01T10:00:00.000Z',
  protocol: { id: 3, name: 'Rules', version: 2, created_timestamp: '2029-12-01T10:00:00.000Z' },
  user_id: 5,
  task: { id: 12, description: 'Transcribe', encrypt_audio: false },
  languages: {
    base: { id: 1, code: 'en', name: 'English' },
    target: { id: 2, code: 'pl', name: 'Polish' },
  },
  locked_timestamp: '2030-01-01T11:00:00.000Z',
  is_bonus: false,
  reviewer: {
    id: 8,
    username: 'rita',
    first_name: 'Rita',
    last_name: 'Reviewer',
    email: 'rita@example.org',
  },
  mark: 4,
  error_types: [],
  comment: 'Good work',
  reviewed_timestamp: '2030-01-01T11:30:00.000Z',
  lock_expiration_timestamp: null,
  annotation_timestamp: '2030-01-01T09:00:00.000Z',
  item_data: {},
  annotation_data: {},
  schema: testSchema,
}

const TASK: FeedbackTask = {
  id: 12,
  description: 'Transcribe',
  encrypt_audio: false,
  task_type: {
    id: 4,
    name: 'Transcription',
    client_group: { id: 1, name: 'ACME', full_name: 'ACME' },
  },
  languages: REVIEWED.languages,
  protocol: REVIEWED.protocol,
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
