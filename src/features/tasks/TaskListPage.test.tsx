import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { WorkerTask } from '../../../contract/worker'
import { apiError, setupApiServer, signedInHandlers } from '../../test/api'
import { renderApp } from '../../test/render'
import {
  itemSetHandlers,
  makeItemSet,
  makeProtocol,
  makeTask,
  resetOfflineDb,
} from '../annotate/test-fixtures'

const server = setupApiServer()

function tasksAnswer(tasks: WorkerTask[]) {
  return http.get('/api/endworker/tasks/', () =>
    HttpResponse.json({ count: tasks.length, next: null, previous: null, results: tasks }),
  )
}

beforeEach(async () => {
  await resetOfflineDb()
  server.use(...signedInHandlers({ permissions: ['endworker'] }))
})

const card = async (name: string) => screen.findByRole('article', { name })

describe('task list', () => {
  it('shows what each task is, its progress and the worker’s share', async () => {
    server.use(tasksAnswer([makeTask()]))
    renderApp('/tasks')

    const task = within(await card('Transcribe the street'))
    expect(task.getByText('Transcription')).toBeVisible()
    expect(task.getByText('Polish → English')).toBeVisible()
    expect(task.getByText('Protocol: Street rules, version 2')).toBeVisible()
    expect(task.getByText('Read')).toBeVisible()
    expect(task.getByRole('progressbar', { name: 'Task progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    )
    expect(task.getByText('6')).toBeVisible()
    expect(task.getByText('2')).toBeVisible()
  })

  it('takes work and opens the item set', async () => {
    const view = makeItemSet()
    let claims = 0
    server.use(
      tasksAnswer([makeTask()]),
      http.post('/api/endworker/tasks/3/item-sets/', () => {
        claims += 1
        return HttpResponse.json(view, { status: 201 })
      }),
      ...itemSetHandlers(view),
    )
    const { router } = renderApp('/tasks')

    await userEvent.click(
      within(await card('Transcribe the street')).getByRole('button', { name: 'Take work' }),
    )

    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/3/55'))
    expect(await screen.findByRole('heading', { name: 'Item #11' })).toBeVisible()
    expect(claims).toBe(1)
  })

  it('continues the open item set with its lock countdown', async () => {
    const lock = new Date(Date.now() + 90 * 60_000 + 30_000).toISOString()
    server.use(
      tasksAnswer([makeTask({ my_open_item_set: { id: 55, lock_expiration_timestamp: lock } })]),
    )
    renderApp('/tasks')

    const task = within(await card('Transcribe the street'))
    expect(task.getByText('Your item set #55')).toBeVisible()
    expect(task.getByText(/^Lock ends in 1:30:/)).toBeVisible()
    expect(task.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/tasks/3/55')
    expect(task.queryByRole('button', { name: 'Take work' })).toBeNull()
  })

  it('tells a browser without clear-key playback, before work is taken, that it cannot do a protected task', async () => {
    // jsdom, like Safari, offers no clear-key system.
    server.use(
      tasksAnswer([
        makeTask({ encrypt_audio: true }),
        makeTask({ id: 4, description: 'Open recordings' }),
      ]),
    )
    renderApp('/tasks')

    const protectedTask = within(await card('Transcribe the street'))
    expect(await protectedTask.findByRole('alert')).toHaveTextContent(
      "This task's audio is protected and cannot be played in this browser; use a current Chrome, Edge or Firefox on a computer or on Android.",
    )
    expect(protectedTask.getByRole('button', { name: 'Take work' })).toBeDisabled()
    const openTask = within(await card('Open recordings'))
    expect(openTask.queryByRole('alert')).not.toBeInTheDocument()
    expect(openTask.getByRole('button', { name: 'Take work' })).toBeEnabled()
  })

  it('says so when no task is available', async () => {
    server.use(tasksAnswer([]))
    renderApp('/tasks')
    expect(await screen.findByText('No tasks are available to you right now')).toBeVisible()
  })

  it('explains that nothing is left when the server has no work (409)', async () => {
    server.use(
      tasksAnswer([makeTask()]),
      http.post('/api/endworker/tasks/3/item-sets/', () =>
        apiError(409, 'Nothing is left to annotate in this task for you.', 'conflict'),
      ),
    )
    const { router } = renderApp('/tasks')

    await userEvent.click(
      within(await card('Transcribe the street')).getByRole('button', { name: 'Take work' }),
    )

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /No work is left for you in this task right now/,
    )
    expect(router.state.location.pathname).toBe('/tasks')
  })

  it('has the protocol read and confirmed before taking work', async () => {
    const view = makeItemSet()
    let confirmed = false
    server.use(
      tasksAnswer([
        makeTask({ protocol: { id: 8, name: 'Street rules', version: 2, read: false } }),
      ]),
      http.post('/api/endworker/protocols/8/confirm/', () => {
        confirmed = true
        return HttpResponse.json({
          protocol_id: 8,
          read: true,
          read_timestamp: '2026-03-02T10:00:00Z',
        })
      }),
      http.post('/api/endworker/tasks/3/item-sets/', () =>
        confirmed
          ? HttpResponse.json(view, { status: 201 })
          : apiError(403, 'Read and confirm the task protocol first.', 'permission_denied'),
      ),
      ...itemSetHandlers(view, makeProtocol({ read: false, read_timestamp: null })),
    )
    const { router } = renderApp('/tasks')

    const task = within(await card('Transcribe the street'))
    expect(task.getByText('Not read yet')).toBeVisible()
    await userEvent.click(task.getByRole('button', { name: 'Take work' }))

    const dialog = await screen.findByRole('dialog', { name: 'Read the protocol first' })
    expect(
      await within(dialog).findByRole('heading', { name: 'Street rules', level: 1 }),
    ).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have read the protocol' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/3/55'))
    expect(confirmed).toBe(true)
  })

  it('says why a worker the quality gate stopped gets no new work, with their accuracy', async () => {
    server.use(tasksAnswer([makeTask({ stop: { reason: 'LOW_QUALITY', accuracy: 0.625 } })]))
    renderApp('/tasks')

    const task = within(await card('Transcribe the street'))
    expect(
      task.getByText(
        'You answered 63% of the control items of this task type right, below what it asks for. You get no new work of it until a coordinator lets you back in.',
      ),
    ).toBeVisible()
    expect(task.queryByRole('button', { name: 'Take work' })).toBeNull()
  })

  it('says why no new work follows the set a stopped worker still holds', async () => {
    const lock = new Date(Date.now() + 30 * 60_000).toISOString()
    server.use(
      tasksAnswer([
        makeTask({
          my_open_item_set: { id: 55, lock_expiration_timestamp: lock },
          stop: { reason: 'LOW_QUALITY', accuracy: 0.5 },
        }),
      ]),
    )
    renderApp('/tasks')

    const task = within(await card('Transcribe the street'))
    expect(task.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/tasks/3/55')
    expect(task.getByText(/^You answered 50% of the control items/)).toBeVisible()
  })

  it('shows the stop when the server refuses a claim for it, without the protocol', async () => {
    let stopped = false
    server.use(
      http.get('/api/endworker/tasks/', () => {
        const task = makeTask({ stop: stopped ? { reason: 'LOW_QUALITY', accuracy: 0.4 } : null })
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [task] })
      }),
      http.post('/api/endworker/tasks/3/item-sets/', () => {
        stopped = true
        return apiError(403, 'Stopped.', 'quality_stopped')
      }),
    )
    renderApp('/tasks')

    await userEvent.click(
      within(await card('Transcribe the street')).getByRole('button', { name: 'Take work' }),
    )

    expect(await screen.findByText(/You answered 40% of the control items/)).toBeVisible()
    expect(screen.queryByRole('dialog', { name: 'Read the protocol first' })).toBeNull()
  })
})
