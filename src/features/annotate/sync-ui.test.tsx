import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveAnnotation } from '../../offline/item-sets'
import { syncOutbox } from '../../offline/outbox'
import { apiError, setupApiServer, signedInHandlers } from '../../test/api'
import { renderApp } from '../../test/render'
import { pendingOps, resetOfflineDb } from './test-fixtures'

const server = setupApiServer()

beforeEach(async () => {
  await resetOfflineDb()
  server.use(
    ...signedInHandlers({ permissions: ['endworker'] }),
    http.get('/api/endworker/tasks/', () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
    http.post('/api/auth/session/logout/', () => HttpResponse.json({ detail: 'Signed out.' })),
    http.post('/api/auth/oidc/logout/', () => HttpResponse.json({ detail: 'Signed out.' })),
    // Sign-out sends the work-time sample of the clicks that led to it first.
    http.post('/api/timelogs/submit-activity/', () => HttpResponse.json([], { status: 201 })),
  )
})

/** The app signed in at /tasks, with `count` annotation saves of this user waiting. */
async function openWithChanges(count: number) {
  const app = renderApp('/tasks')
  await screen.findByText('No tasks are available to you right now')
  for (let itemId = 1; itemId <= count; itemId++) {
    await saveAnnotation({ itemSetId: 55, itemId, data: { transcript: 'x' }, is_done: false })
  }
  await waitFor(() => expect(pendingOps()).toBe(count))
  return app
}

const indicator = () => screen.getByRole('button', { name: /^Sync status/ })

describe('header sync indicator', () => {
  it('shows the connection and counts the changes waiting to be sent', async () => {
    await openWithChanges(2)
    await waitFor(() =>
      expect(indicator()).toHaveAccessibleName('Sync status: online, 2 unsynced changes'),
    )
    expect(indicator()).toHaveTextContent('2')

    await userEvent.click(indicator())
    expect(await screen.findByText('You are online')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeVisible()
  })

  it('lists refused changes, to retry or discard', async () => {
    server.use(
      http.put('/api/endworker/item-sets/55/items/1/annotation/', () =>
        apiError(409, 'The task already finished: it takes no more work.', 'task_finished'),
      ),
    )
    await openWithChanges(1)
    await syncOutbox()
    await waitFor(() =>
      expect(indicator()).toHaveAccessibleName(
        'Sync status: online, 0 unsynced changes, 1 refused change',
      ),
    )

    await userEvent.click(indicator())
    const popover = within(await screen.findByRole('dialog'))
    expect(
      popover.getByRole('link', { name: 'Unable to save annotation for item #1' }),
    ).toBeVisible()
    expect(popover.getByText('The task already finished.')).toBeVisible()

    await userEvent.click(popover.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(pendingOps()).toBe(1))
    await syncOutbox()
    await userEvent.click(await popover.findByRole('button', { name: 'Discard the change' }))
    await waitFor(() =>
      expect(indicator()).toHaveAccessibleName('Sync status: online, 0 unsynced changes'),
    )
  })
})

describe('sign-out', () => {
  async function clickSignOut() {
    await userEvent.click(screen.getByRole('button', { name: 'anna' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }))
  }

  it('warns about changes not yet sent before signing out', async () => {
    // The server cannot take the changes now: they stay on the device for the next session.
    server.use(
      http.put('/api/endworker/item-sets/55/items/:itemId/annotation/', () =>
        apiError(503, 'Down.', 'service_unavailable'),
      ),
    )
    const { router } = await openWithChanges(2)

    await clickSignOut()
    const warning = within(
      await screen.findByRole('dialog', { name: 'Sign out with changes not yet sent?' }),
    )
    expect(warning.getByText(/You have 2 changes not yet sent to the server\./)).toBeVisible()
    await userEvent.click(warning.getByRole('button', { name: 'Stay signed in' }))
    expect(router.state.location.pathname).toBe('/tasks')

    await clickSignOut()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out anyway' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('signs out at once without unsent changes, emptying the caches of user data', async () => {
    const caches = { delete: vi.fn(async () => true) }
    vi.stubGlobal('caches', caches)
    try {
      const { router } = await openWithChanges(0)
      await clickSignOut()
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
      expect(screen.queryByRole('dialog', { name: /Sign out with changes/ })).toBeNull()
      expect(caches.delete).toHaveBeenCalledWith('item-media')
      expect(caches.delete).toHaveBeenCalledWith('protocols')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
