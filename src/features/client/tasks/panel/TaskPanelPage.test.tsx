import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { TaskStatus } from '../../../../../contract/task-intake'
import { apiError, setupApiServer } from '../../../../test/api'
import { renderWithRouter } from '../../../../test/render'
import { clientGroupsHandler, makeTaskType } from '../../definitions/test-fixtures'
import { makeStats, makeTask } from '../test-fixtures'
import { TaskPanelPage } from './TaskPanelPage'
import type { PanelTab } from './tabs'

const server = setupApiServer(
  clientGroupsHandler(),
  http.get('/api/client/tasks/41/', () => HttpResponse.json(makeTask())),
  http.get('/api/client/tasks/41/stats/', () => HttpResponse.json(makeStats())),
  http.get('/api/client/task-types/31/', () => HttpResponse.json(makeTaskType())),
  http.get('/api/client/tasks/41/dump_async/', () => HttpResponse.json(null)),
)

function Panel({ initialTab = 'summary' }: { initialTab?: PanelTab }) {
  const [tab, setTab] = useState<PanelTab>(initialTab)
  return <TaskPanelPage taskId={41} tab={tab} onTabChange={setTab} />
}

const statusButtons = () =>
  within(screen.getByRole('group', { name: 'Status actions' }))
    .getAllByRole('button')
    .map((button) => button.textContent)

describe('task panel', () => {
  it('shows the counters, progress and dates of the task', async () => {
    renderWithRouter(<Panel />)

    expect(await screen.findByRole('heading', { name: 'Task #41' })).toBeVisible()
    const counters = screen.getByRole('table', { name: 'Task counters' })
    expect(within(counters).getByRole('row', { name: /^Items/ })).toHaveTextContent('Items413')
    expect(screen.getByRole('progressbar', { name: 'Task progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    )
    expect(screen.getByRole('link', { name: 'Preview as a worker' })).toHaveAttribute(
      'href',
      '/client/tasks/fake/41/0/fake-items',
    )
    expect(screen.getByRole('link', { name: 'Annotations explorer' })).toHaveAttribute(
      'href',
      '/client/tasks/annotations?task=41',
    )
  })

  const rules: [TaskStatus, string[]][] = [
    ['CREATED', ['Start']],
    ['IN_PROGRESS', ['Pause', 'Finish']],
    ['PAUSED', ['Resume', 'Finish']],
    ['FINISHED', ['Archive']],
    ['ARCHIVED', ['Unarchive']],
  ]
  it.each(rules)('offers from %s only the changes the rules allow: %j', async (status, buttons) => {
    server.use(http.get('/api/client/tasks/41/', () => HttpResponse.json(makeTask({ status }))))
    renderWithRouter(<Panel />)
    await screen.findByRole('heading', { name: 'Task #41' })
    expect(statusButtons()).toEqual(buttons)
  })

  it('offers no status change while the upload is processed', async () => {
    server.use(
      http.get('/api/client/tasks/41/', () =>
        HttpResponse.json(makeTask({ status: 'PROCESSING' })),
      ),
      http.get('/api/client/tasks/41/processing/', () =>
        HttpResponse.json({
          status: 'PROCESSING',
          processed_items: 1,
          total_items: 4,
          error: null,
        }),
      ),
    )
    renderWithRouter(<Panel />)
    expect(await screen.findByText('1 of 4 items processed')).toBeVisible()
    expect(screen.queryByRole('group', { name: 'Status actions' })).not.toBeInTheDocument()
  })

  it('confirms finishing, sends the status and then offers archiving', async () => {
    let body: unknown
    server.use(
      http.patch('/api/client/tasks/41/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(makeTask({ status: 'FINISHED' }))
      }),
    )
    const user = userEvent.setup()
    renderWithRouter(<Panel />)
    await screen.findByRole('heading', { name: 'Task #41' })

    await user.click(screen.getByRole('button', { name: 'Finish' }))
    const dialog = await screen.findByRole('dialog', { name: 'Finish task #41?' })
    expect(body).toBeUndefined()
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }))

    await waitFor(() => expect(statusButtons()).toEqual(['Archive']))
    expect(body).toEqual({ status: 'FINISHED' })
  })

  it('warns while the task type is not active, and activates it in one step', async () => {
    let typeStatus: 'CREATED' | 'ACTIVE' = 'CREATED'
    let patched: unknown
    const taskNow = () => makeTask({ task_type: { ...makeTask().task_type, status: typeStatus } })
    server.use(
      http.get('/api/client/tasks/41/', () => HttpResponse.json(taskNow())),
      http.patch('/api/client/task-types/31/', async ({ request }) => {
        patched = await request.json()
        typeStatus = 'ACTIVE'
        return HttpResponse.json(makeTaskType({ status: 'ACTIVE' }))
      }),
    )
    const user = userEvent.setup()
    renderWithRouter(<Panel />)

    const notice = await screen.findByRole('alert', { name: 'Workers cannot see this task' })
    expect(notice).toHaveTextContent(
      'Its task type “Polish transcription” is Created: only the tasks of an Active task type are shown to workers',
    )
    await user.click(within(notice).getByRole('button', { name: 'Activate the task type' }))
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Workers cannot see this task' })).toBeNull(),
    )
    expect(patched).toEqual({ status: 'ACTIVE' })
  })

  it('warns when no end worker meets the task type’s rules, and says so on start', async () => {
    server.use(
      http.get('/api/client/tasks/41/', () => HttpResponse.json(makeTask({ status: 'CREATED' }))),
      http.get('/api/client/tasks/41/stats/', () =>
        HttpResponse.json(makeStats({ available_endworkers: 0 })),
      ),
      http.patch('/api/client/tasks/41/', () =>
        HttpResponse.json(makeTask({ status: 'IN_PROGRESS' })),
      ),
    )
    const user = userEvent.setup()
    renderWithRouter(<Panel />)

    const notice = await screen.findByRole('alert', { name: 'Workers cannot see this task' })
    expect(notice).toHaveTextContent('No active end worker meets the task type')
    expect(within(notice).queryByRole('button', { name: 'Activate the task type' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Start' }))
    expect(await screen.findByText('Started, but workers cannot see the task')).toBeVisible()
  })

  it('pauses at once and shows why the server refused a change', async () => {
    server.use(
      http.patch('/api/client/tasks/41/', () =>
        apiError(400, 'An IN_PROGRESS task may go to PAUSED or FINISHED.', 'validation_error'),
      ),
    )
    const user = userEvent.setup()
    renderWithRouter(<Panel />)
    await screen.findByRole('heading', { name: 'Task #41' })

    await user.click(screen.getByRole('button', { name: 'Pause' }))
    expect(await screen.findByText('The status could not be changed.')).toBeVisible()
    expect(screen.getByText('An IN_PROGRESS task may go to PAUSED or FINISHED.')).toBeVisible()
  })

  it('explains a refused delete in the dialog', async () => {
    server.use(
      http.delete('/api/client/tasks/41/', () =>
        apiError(409, 'The task is still processing its upload.', 'conflict'),
      ),
    )
    const user = userEvent.setup()
    renderWithRouter(<Panel />)
    await screen.findByRole('heading', { name: 'Task #41' })

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete task #41?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The task is still processing its upload.',
    )
  })

  it('clones the task and opens the copy', async () => {
    server.use(
      http.post('/api/client/tasks/41/clone/', () =>
        HttpResponse.json(makeTask({ id: 42, status: 'CREATED' }), { status: 201 }),
      ),
    )
    const user = userEvent.setup()
    const { router } = renderWithRouter(<Panel />)
    await screen.findByRole('heading', { name: 'Task #41' })

    await user.click(screen.getByRole('button', { name: 'Clone' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/tasks/42/panel'))
  })

  it('shows the statistics: totals, the workers and the annotations histogram', async () => {
    renderWithRouter(<Panel initialTab="statistics" />)

    const workers = await screen.findByRole('table', { name: 'Workers of the task' })
    const ola = within(workers).getByRole('row', { name: /ola/ })
    expect(ola).toHaveTextContent('1:02:05')
    expect(screen.getByText('Available workers').nextSibling).toHaveTextContent('5')

    const histogram = screen.getByRole('figure', { name: 'Done annotations per day' })
    expect(histogram.querySelector('.recharts-responsive-container')).not.toBeNull()
    const days = within(histogram).getByRole('table', { name: 'Done annotations per day' })
    expect(
      within(days)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['02 Mar 20263', '03 Mar 20267'])
  })

  it('opens the Quality tab, loaded on its own', async () => {
    server.use(
      http.get('/api/client/tasks/41/quality/', () =>
        HttpResponse.json({
          fields: { label: { alpha: 0.9, percent_agreement: 0.95, items: 4, values: 8 } },
          workers: [],
          gold: { items: 0, answers: 0 },
        }),
      ),
    )
    renderWithRouter(<Panel initialTab="quality" />)

    const fields = await screen.findByRole('table', { name: 'Agreement per field' })
    expect(within(fields).getByRole('row', { name: /label/ })).toHaveTextContent('Reliable')
    expect(screen.getByRole('tab', { name: 'Quality', selected: true })).toBeInTheDocument()
  })

  it('saves edits and puts the refusals under their fields', async () => {
    let body: unknown
    server.use(
      http.patch('/api/client/tasks/41/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          {
            detail: 'Invalid body.',
            code: 'validation_error',
            fields: { max_items_per_user: ['must be at most the number of items (4)'] },
          },
          { status: 400 },
        )
      }),
    )
    const user = userEvent.setup()
    renderWithRouter(<Panel initialTab="edit" />)

    const limit = await screen.findByRole('textbox', { name: 'Maximum items per user' })
    await user.type(limit, '9')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('must be at most the number of items (4)')).toBeVisible()
    expect(body).toEqual({
      description: 'March recordings',
      deadline: null,
      metadata: {},
      project: null,
      download_enabled: true,
      max_items_per_user: 9,
    })
  })
})
