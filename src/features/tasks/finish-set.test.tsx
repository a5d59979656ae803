import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WorkerItemSet, WorkerTask } from '../../../contract/worker'
import { saveAnnotation } from '../../offline/item-sets'
import { ITEM_SET_FINISH } from '../../offline/operations/item-set-finish'
import { enqueue } from '../../offline/outbox'
import { storage } from '../../storage'
import { makeUser, setupApiServer, signedInHandlers } from '../../test/api'
import { createTestQueryClient, renderApp } from '../../test/render'
import { storeItemSetView } from '../annotate/stored'
import {
  itemSetHandlers,
  makeAnnotation,
  makeItem,
  makeItemSet,
  makeTask,
  resetOfflineDb,
} from '../annotate/test-fixtures'
import { workerTasksQuery } from './queries'

const server = setupApiServer()

afterEach(() => {
  vi.restoreAllMocks()
})
const lock = () => new Date(Date.now() + 60 * 60_000).toISOString()

function tasksAnswer(tasks: WorkerTask[]) {
  return http.get('/api/endworker/tasks/', () =>
    HttpResponse.json({ count: tasks.length, next: null, previous: null, results: tasks }),
  )
}

const doneSet = (overrides: Partial<WorkerItemSet> = {}) =>
  makeItemSet({
    items: [
      makeItem(11, makeAnnotation({ id: 1, is_done: true })),
      makeItem(12, makeAnnotation({ id: 2, is_done: true })),
    ],
    done_items_count: 2,
    ...overrides,
  })

/** Records finishes and claims; a claim answers `next`. */
function recordWork(next: WorkerItemSet) {
  const calls: string[] = []
  server.use(
    http.post('/api/endworker/item-sets/:id/finish/', ({ params, request }) => {
      calls.push(`finish ${params.id}`)
      expect(request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
      return HttpResponse.json({
        id: Number(params.id),
        task_id: 3,
        lock_expiration_timestamp: new Date().toISOString(),
        already_ended: false,
        done_items_count: 2,
      })
    }),
    http.post('/api/endworker/tasks/3/item-sets/', () => {
      calls.push('claim')
      return HttpResponse.json(next, { status: 201 })
    }),
    ...itemSetHandlers(next),
  )
  return calls
}

beforeEach(async () => {
  await resetOfflineDb()
  storage.set('user', makeUser())
  server.use(...signedInHandlers({ permissions: ['endworker'] }))
})

describe('finishing a set from the task list', () => {
  it('offers to finish a set whose items are all done, then opens the next set', async () => {
    await storeItemSetView(doneSet())
    const next = makeItemSet({ id: 56 })
    const calls = recordWork(next)
    server.use(
      tasksAnswer([makeTask({ my_open_item_set: { id: 55, lock_expiration_timestamp: lock() } })]),
    )
    const { router } = renderApp('/tasks')

    const task = within(await screen.findByRole('article', { name: 'Transcribe the street' }))
    expect(task.getByRole('link', { name: 'Continue' })).toBeVisible()
    await userEvent.click(await task.findByRole('button', { name: 'Finish set and take the next' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/3/56'))
    expect(calls).toEqual(['finish 55', 'claim'])
  })

  it('does not offer to finish a set with items left', async () => {
    await storeItemSetView(makeItemSet())
    server.use(
      tasksAnswer([makeTask({ my_open_item_set: { id: 55, lock_expiration_timestamp: lock() } })]),
    )
    renderApp('/tasks')
    const task = within(await screen.findByRole('article', { name: 'Transcribe the street' }))
    expect(task.getByRole('link', { name: 'Continue' })).toBeVisible()
    expect(task.queryByRole('button', { name: 'Finish set and take the next' })).toBeNull()
  })

  it('offers Take work beside a set whose finish waits, and sends that finish first', async () => {
    await storeItemSetView(doneSet())
    await enqueue(ITEM_SET_FINISH, { itemSetId: 55, taskId: 3 })
    const calls = recordWork(makeItemSet({ id: 56 }))
    server.use(
      tasksAnswer([makeTask({ my_open_item_set: { id: 55, lock_expiration_timestamp: lock() } })]),
    )
    const { router } = renderApp('/tasks')

    const task = within(await screen.findByRole('article', { name: 'Transcribe the street' }))
    expect(
      await task.findByText(
        'Item set #55 is finished on this device and is sent to the server when it can be reached.',
      ),
    ).toBeVisible()
    expect(task.queryByRole('link', { name: 'Continue' })).toBeNull()
    await userEvent.click(task.getByRole('button', { name: 'Take work' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/3/56'))
    expect(calls).toEqual(['finish 55', 'claim'])
  })
})

describe('the task list offline', () => {
  it('lists the device’s item sets with their progress and unsent changes', async () => {
    await storeItemSetView(makeItemSet({ lock_expiration_timestamp: lock() }))
    await saveAnnotation({ itemSetId: 55, itemId: 11, data: { transcript: 'hi' }, is_done: true })
    server.use(http.get('/api/endworker/tasks/', () => HttpResponse.error()))
    renderApp('/tasks')

    expect(await screen.findByText('You are offline')).toBeVisible()
    expect(screen.queryByText('The tasks could not be loaded')).toBeNull()
    const copy = within(await screen.findByRole('article', { name: 'Transcribe the street' }))
    expect(copy.getByText('Item set #55')).toBeVisible()
    expect(copy.getByText('Done: 1 of 2')).toBeVisible()
    expect(copy.getByText('1 change not sent yet')).toBeVisible()
    expect(copy.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/tasks/3/55')
  })

  it('shows the offline view at once when the browser is offline, not the cached online list', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await storeItemSetView(makeItemSet({ lock_expiration_timestamp: lock() }))
    // The list from the last visit online, and a request that would only fail at its time-out.
    const queryClient = createTestQueryClient()
    queryClient.setQueryData(workerTasksQuery().queryKey, {
      count: 1,
      next: null,
      previous: null,
      results: [makeTask({ id: 4, description: 'Read the signs' })],
    })
    server.use(http.get('/api/endworker/tasks/', () => new Promise<never>(() => {})))
    renderApp('/tasks', { queryClient })

    expect(await screen.findByText('You are offline')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Take work' })).toBeNull()
    expect(screen.queryByText('Read the signs')).toBeNull()
    expect(await screen.findByRole('article', { name: 'Transcribe the street' })).toBeVisible()
  })

  it('says when no item set is kept on the device', async () => {
    server.use(http.get('/api/endworker/tasks/', () => HttpResponse.error()))
    renderApp('/tasks')
    expect(
      await screen.findByText('No item set is kept on this device. Connect to take work.'),
    ).toBeVisible()
  })
})
