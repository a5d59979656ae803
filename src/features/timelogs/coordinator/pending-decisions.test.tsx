import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { CSRF_COOKIE } from '../../../../contract/constants'
import type { TimeLogInterval } from '../../../../contract/timelogs'
import { TIMELOG_STATUS } from '../../../../contract/worktime-rules'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { coordinationGroupsHandler } from '../../coordinator/keys/test-fixtures'
import { PendingLogsPage } from './PendingLogsPage'

const server = setupApiServer()

function pending(id: number, username: string): TimeLogInterval {
  return {
    id,
    source_type: 'TASK',
    item_set: null,
    task: { id: 12, name: 'Transcribe the street' },
    protocol: null,
    start: `2030-01-0${id}T09:00:00.000Z`,
    end: `2030-01-0${id}T10:00:00.000Z`,
    duration_seconds: 3600,
    status: TIMELOG_STATUS.PENDING,
    comment: '',
    user: { id: 40 + id, username, first_name: username, last_name: 'Worker' },
    url: '',
    timelog_type: null,
    pending_reason: 'CLOCK_OFFSET',
    created_timestamp: `2030-01-0${id}T10:00:00.000Z`,
  }
}

const LOGS = [pending(1, 'ada'), pending(2, 'bob')]

/** What the server was asked to decide: each PATCH by id, each bulk decision by its ids. */
function decisionsHandlers() {
  const calls: { path: string; body: unknown }[] = []
  const record = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>
    calls.push({ path: new URL(request.url).pathname, body })
    return body
  }
  server.use(
    coordinationGroupsHandler(),
    http.get('/api/timelogs/intervals/', () =>
      HttpResponse.json({ count: LOGS.length, next: null, previous: null, results: LOGS }),
    ),
    http.get('/api/timelogs/intervals/count/', () =>
      HttpResponse.json({ count: LOGS.length, all_pending_count: LOGS.length }),
    ),
    http.patch('/api/timelogs/intervals/:id/', async (info) => {
      const body = await record(info)
      const log = LOGS.find((row) => row.id === Number(info.params.id)) as TimeLogInterval
      return HttpResponse.json({ ...log, ...body })
    }),
    http.post('/api/timelogs/intervals/bulk-status/', async (info) => {
      const { ids } = (await record(info)) as { ids: number[] }
      return HttpResponse.json({ updated: ids.length })
    }),
  )
  return calls
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`
})

const rowOf = async (username: string) =>
  (
    await screen.findByRole('checkbox', { name: new RegExp(`^Select the log of ${username} `) })
  ).closest('tr') as HTMLElement

describe('deciding pending time logs', () => {
  it('decides one log through its own PATCH, with the comment', async () => {
    const user = userEvent.setup()
    const calls = decisionsHandlers()
    renderWithRouter(<PendingLogsPage />)
    await user.type(await screen.findByRole('textbox', { name: 'Comment' }), 'Checked the clock')
    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Reject' }))

    await waitFor(() =>
      expect(calls).toEqual([
        {
          path: '/api/timelogs/intervals/2/',
          body: { status: TIMELOG_STATUS.REJECTED, comment: 'Checked the clock' },
        },
      ]),
    )
    expect(await screen.findByText('1 time log rejected.')).toBeVisible()
  })

  it('decides several selected logs at once, all or none', async () => {
    const user = userEvent.setup()
    const calls = decisionsHandlers()
    renderWithRouter(<PendingLogsPage />)
    await user.click(await screen.findByRole('checkbox', { name: 'Select every log of the page' }))
    await user.click(screen.getByRole('button', { name: 'Accept selected (2)' }))

    await waitFor(() =>
      expect(calls).toEqual([
        {
          path: '/api/timelogs/intervals/bulk-status/',
          body: { ids: [1, 2], status: TIMELOG_STATUS.ACCEPTED },
        },
      ]),
    )
    expect(await screen.findByText('2 time logs accepted.')).toBeVisible()
  })
})
