import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Task } from '../../../../../contract/client-tasks'
import { apiError, setupApiServer, signedInHandlers } from '../../../../test/api'
import { pickDay } from '../../../../test/pick-day'
import { renderApp } from '../../../../test/render'
import { clientGroupsHandler } from '../../definitions/test-fixtures'
import { makeTask, page } from '../test-fixtures'

/** Every GET /client/tasks/ query string the page sent, in order. */
function recordListCalls(tasks: Task[] = [makeTask()], count = tasks.length) {
  const calls: URLSearchParams[] = []
  server.use(
    http.get('/api/client/tasks/', ({ request }) => {
      calls.push(new URL(request.url).searchParams)
      return HttpResponse.json(page(tasks, count))
    }),
  )
  return calls
}

const server = setupApiServer(
  ...signedInHandlers({ permissions: ['client'] }),
  clientGroupsHandler(),
  http.get('/api/client/task-types/', () => HttpResponse.json(page([]))),
  http.get('/api/client/task-schemas/', () => HttpResponse.json([])),
)

const lastCall = (calls: URLSearchParams[]) => Object.fromEntries(calls.at(-1) ?? [])

/** Waits for a task's row; the first render also loads the route's code. */
const shown = (description: string) =>
  screen.findByRole('link', { name: description }, { timeout: 5000 })

describe('tasks list', () => {
  it('asks for the active tasks: archived ones excluded, newest first, first page of 10', async () => {
    const calls = recordListCalls()
    renderApp('/client/tasks/active')

    expect(await shown('March recordings')).toBeVisible()
    expect(lastCall(calls)).toEqual({
      client_group: '3',
      excluded_status: 'ARCHIVED',
      ordering: '-created',
      offset: '0',
      limit: '10',
    })
  })

  it('asks for archived tasks only on the Archived list', async () => {
    const calls = recordListCalls()
    renderApp('/client/tasks/archive')

    await screen.findByRole('heading', { name: 'Archived Tasks' }, { timeout: 5000 })
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ status: 'ARCHIVED' }))
    expect(lastCall(calls)).not.toHaveProperty('excluded_status')
  })

  it('sends either the statuses shown or the statuses hidden, never both', async () => {
    const calls = recordListCalls()
    const user = userEvent.setup()
    const { router } = renderApp('/client/tasks/active')
    await shown('March recordings')

    await user.click(screen.getByRole('radio', { name: 'Show only' }))
    await user.click(screen.getByRole('combobox', { name: 'Statuses shown' }))
    await user.click(await screen.findByRole('option', { name: 'Paused' }))

    await waitFor(() => expect(lastCall(calls)).toMatchObject({ status: 'PAUSED' }))
    expect(lastCall(calls)).not.toHaveProperty('excluded_status')
    expect(router.state.location.search).toMatchObject({ status: ['PAUSED'] })

    await user.click(screen.getByRole('radio', { name: 'Hide' }))
    await user.click(screen.getByRole('combobox', { name: 'Statuses hidden' }))
    await user.click(await screen.findByRole('option', { name: 'Finished' }))
    await waitFor(() =>
      expect(lastCall(calls)).toMatchObject({ excluded_status: 'ARCHIVED,FINISHED' }),
    )
    expect(lastCall(calls)).not.toHaveProperty('status')
    expect(router.state.location.search).not.toHaveProperty('status')
  })

  it('says "Nothing hidden" only when no status is hidden, never beside a hidden one', async () => {
    recordListCalls()
    const user = userEvent.setup()
    renderApp('/client/tasks/active')
    await shown('March recordings')

    const hidden = screen.getByRole('combobox', { name: 'Statuses hidden' })
    expect(hidden).not.toHaveAttribute('placeholder')

    // Backspace in the field takes back the last hidden status (Archived, the default).
    await user.click(hidden)
    await user.keyboard('{Backspace}')
    await waitFor(() => expect(hidden).toHaveAttribute('placeholder', 'Nothing hidden'))
  })

  it("shows the server's 400 when a hand-made URL gives both status filters", async () => {
    server.use(
      http.get('/api/client/tasks/', () =>
        apiError(
          400,
          'status and excluded_status cannot be given together: use one of them.',
          'validation_error',
        ),
      ),
    )
    renderApp('/client/tasks/active?status=%5B%22PAUSED%22%5D&excluded_status=%5B%22ARCHIVED%22%5D')

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveTextContent('The tasks could not be loaded.')
    expect(alert).toHaveTextContent('status and excluded_status cannot be given together')
  })

  it('filters by metadata pairs, the time frame and a search', async () => {
    const calls = recordListCalls()
    const user = userEvent.setup()
    const { router } = renderApp('/client/tasks/active')
    await shown('March recordings')

    await user.click(screen.getByRole('button', { name: 'Add a pair' }))
    await user.type(screen.getByRole('textbox', { name: 'Metadata key 1' }), 'batch')
    await user.type(screen.getByRole('textbox', { name: 'Metadata value 1' }), 'march')
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ metadata__batch: 'march' }))

    await pickDay(user, 'Created from', '2026-03-01')
    expect(screen.getByRole('button', { name: 'Created from' })).toHaveTextContent('01 Mar 2026')
    await waitFor(() =>
      expect(lastCall(calls).timeframe_start).toBe(new Date(2026, 2, 1).toISOString()),
    )

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'rec')
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ search: 'rec' }))
    expect(router.state.location.search).toMatchObject({
      search: 'rec',
      from: '2026-03-01',
      metadata: { batch: 'march' },
    })
  })

  it('orders by a column header and pages through the total', async () => {
    const calls = recordListCalls(
      Array.from({ length: 10 }, (_, index) =>
        makeTask({ id: index + 1, description: `T${index}` }),
      ),
      25,
    )
    const user = userEvent.setup()
    const { router } = renderApp('/client/tasks/active')
    await shown('T0')
    expect(screen.getByText('25 in total')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Progress' }))
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ ordering: 'progress' }))
    await user.click(screen.getByRole('button', { name: 'Progress' }))
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ ordering: '-progress' }))
    expect(screen.getByRole('columnheader', { name: 'Progress' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )

    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ offset: '20', limit: '10' }))
    expect(router.state.location.search).toMatchObject({ page: 3, ordering: '-progress' })
  })

  it('bulk-updates the selected tasks and lists what changed and what did not', async () => {
    recordListCalls([
      makeTask({ id: 1, description: 'One' }),
      makeTask({ id: 2, description: 'Two' }),
    ])
    let body: unknown
    server.use(
      http.patch('/api/client/tasks/bulk_update/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({
          updated_tasks: [1],
          not_updated_tasks: [{ id: 2, detail: 'A CREATED task cannot become PAUSED.' }],
        })
      }),
    )
    const user = userEvent.setup()
    renderApp('/client/tasks/active')
    await shown('One')

    await user.click(screen.getByRole('checkbox', { name: 'Select every task on this page' }))
    const actions = screen.getByRole('region', { name: 'Bulk actions' })
    expect(actions).toHaveTextContent('2 selected')
    await user.click(within(actions).getByRole('combobox', { name: 'Change the status to' }))
    await user.click(await screen.findByRole('option', { name: 'Pause' }))
    await user.click(within(actions).getByRole('button', { name: 'Apply' }))

    const dialog = await screen.findByRole('dialog', { name: 'Bulk update results' })
    expect(body).toEqual({ ids: [1, 2], data: { status: 'PAUSED' } })
    expect(within(dialog).getByRole('region', { name: 'Updated tasks' })).toHaveTextContent(
      'Updated: 1#1',
    )
    expect(within(dialog).getByRole('region', { name: 'Tasks not updated' })).toHaveTextContent(
      'Task #2: A CREATED task cannot become PAUSED.',
    )
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument()
  })

  it('bulk-deletes after a confirmation and reports the refusals', async () => {
    recordListCalls([
      makeTask({ id: 1, description: 'One' }),
      makeTask({ id: 2, description: 'Two' }),
    ])
    let body: unknown
    server.use(
      http.delete('/api/client/tasks/bulk_delete/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({
          deleted_tasks_ids: [],
          not_deleted_tasks: [{ id: 2, detail: 'The task is still processing its upload.' }],
        })
      }),
    )
    const user = userEvent.setup()
    renderApp('/client/tasks/active')
    await shown('Two')

    await user.click(screen.getByRole('checkbox', { name: 'Select task #2' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete 1 tasks?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))

    const dialog = await screen.findByRole('dialog', { name: 'Bulk delete results' })
    expect(body).toEqual({ ids: [2] })
    expect(dialog).toHaveTextContent('Deleted: 0')
    expect(dialog).toHaveTextContent('Task #2: The task is still processing its upload.')
  })

  it('says so when no task matches', async () => {
    recordListCalls([])
    renderApp('/client/tasks/active')
    expect(
      await screen.findByText('No tasks match these filters.', {}, { timeout: 5000 }),
    ).toBeVisible()
  })
})
