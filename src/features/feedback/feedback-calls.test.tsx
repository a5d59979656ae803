import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { FeedbackTask, ReviewedItem, Reviewer } from '../../../contract/review'
import { apiError, setupApiServer, signedInHandlers } from '../../test/api'
import { renderApp } from '../../test/render'
import { testSchema } from '../annotate/test-fixtures'
import { TASK_SUMMARY } from '../review/test-fixtures'

const server = setupApiServer()

const TASK: FeedbackTask = {
  ...TASK_SUMMARY,
  reviewed_count: 2,
  latest_reviewed_timestamp: '2030-01-02T10:00:00.000Z',
}

const reviewer = (id: number, username: string): Reviewer => ({
  id,
  username,
  first_name: username,
  last_name: 'Reviewer',
  email: `${username}@example.com`,
})

function graded(id: number, itemId: number, by: Reviewer): ReviewedItem {
  return {
    id,
    item_id: itemId,
    annotation_id: id + 100,
    status: 'REVIEWED',
    generated_timestamp: '2030-01-01T10:00:00.000Z',
    protocol: TASK.protocol,
    user_id: 5,
    task: { id: TASK.id, description: TASK.description, encrypt_audio: false },
    languages: TASK.languages,
    locked_timestamp: '2030-01-01T11:00:00.000Z',
    is_bonus: false,
    reviewer: by,
    mark: 4,
    error_types: [],
    comment: `Graded by ${by.username}`,
    reviewed_timestamp: '2030-01-02T10:00:00.000Z',
    lock_expiration_timestamp: null,
    annotation_timestamp: '2030-01-01T09:00:00.000Z',
    item_data: {},
    annotation_data: {},
    schema: testSchema,
  }
}

const ANN = reviewer(21, 'ann')
const BOB = reviewer(22, 'bob')
const ITEMS = [graded(41, 7, ANN), graded(42, 8, BOB)]

function feedbackHandlers() {
  const fetchedById: number[] = []
  server.use(
    ...signedInHandlers({ permissions: ['endworker'] }),
    http.get('/api/review/feedback/tasks/12/', () => HttpResponse.json(TASK)),
    http.options('/api/review/feedback/items/', () =>
      HttpResponse.json({ protocols: [], reviewers: [ANN, BOB], marks: [4] }),
    ),
    http.get('/api/review/feedback/items/', ({ request }) => {
      const by = new URL(request.url).searchParams.get('reviewer')
      const results = ITEMS.filter((item) => by === null || String(item.reviewer?.id) === by)
      return HttpResponse.json({ count: results.length, next: null, previous: null, results })
    }),
    http.get('/api/review/feedback/items/:id/', ({ params }) => {
      fetchedById.push(Number(params.id))
      const item = ITEMS.find((candidate) => candidate.id === Number(params.id))
      return item ? HttpResponse.json(item) : apiError(404, 'Not found.', 'not_found')
    }),
  )
  return fetchedById
}

describe('the feedback items page', () => {
  it('names the task, loaded by its id', async () => {
    feedbackHandlers()
    renderApp('/feedback/12')
    expect(
      await screen.findByText('Transcribe the street · Transcription · English → Polish'),
    ).toBeVisible()
  })

  it('shows the not-found page for a task without feedback for the worker', async () => {
    feedbackHandlers()
    server.use(
      http.get('/api/review/feedback/tasks/99/', () => apiError(404, 'Not found.', 'not_found')),
    )
    renderApp('/feedback/99')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
  })

  it('shows the details of the items selected, by id, after the filters hid them', async () => {
    const user = userEvent.setup()
    const fetchedById = feedbackHandlers()
    renderApp('/feedback/12')
    const table = await screen.findByRole('table', { name: 'Feedback items' })
    const annRow = within(table).getByText('ann').closest('tr') as HTMLElement
    await user.click(within(annRow).getByRole('checkbox'))

    await user.click(screen.getByRole('button', { name: /Filters/ }))
    await user.click(await screen.findByRole('combobox', { name: 'Reviewer' }))
    await user.click(await screen.findByRole('option', { name: 'bob' }))
    await waitFor(() => expect(within(table).queryByText('ann')).toBeNull())
    await user.click(screen.getByRole('button', { name: 'Show the details of the selected items' }))

    const detail = await screen.findByRole('article', { name: 'Item #7' })
    expect(within(detail).getByText('Graded by ann')).toBeVisible()
    expect(fetchedById).toEqual([41])
  })
})
