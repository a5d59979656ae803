import { act, screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../api/client'
import { storage } from '../../storage'
import { apiError, setupApiServer, signedInHandlers, signedOutHandlers } from '../../test/api'
import { renderApp } from '../../test/render'

const server = setupApiServer()

afterEach(() => {
  vi.useRealTimers()
})

const UNAUTHORIZED =
  'User unauthorized: your session expired or you are not authorized, please reauthenticate'

/** Renders a signed-in page, then has some screen's call fail with `status`. */
async function failACall(status: number, detail = 'Failed.') {
  server.use(
    ...signedInHandlers(),
    http.get('/api/client/tasks/stats/', () => apiError(status, detail)),
  )
  const rendered = renderApp('/timelogs')
  await screen.findByRole('heading', { name: 'Time logs' })
  await act(() => api('client/tasks/stats/').catch(() => undefined))
  return rendered
}

describe('global error notifications', () => {
  it.each([
    [403, 'Permissions error', 'Sign in to an account with the right permissions'],
    [404, 'Resource not found', 'This may be a bug, or the servers may be unavailable.'],
    [500, 'Internal server error', 'Please contact the administrators.'],
    [503, 'Permissions error', 'This request must come from the internal network.'],
  ])('reports HTTP %i as %s', async (status, title, message) => {
    await failACall(status)

    expect(await screen.findByText(title)).toBeInTheDocument()
    expect(screen.getByText(new RegExp(message.replace(/[.]/g, '\\.')))).toBeInTheDocument()
  })

  it('leaves statuses a screen handles itself alone', async () => {
    server.use(
      ...signedInHandlers(),
      http.get('/api/client/tasks/stats/', () => apiError(404, 'No.')),
    )
    renderApp('/timelogs')
    await screen.findByRole('heading', { name: 'Time logs' })

    await act(() => api('client/tasks/stats/', { handledStatuses: [404] }).catch(() => undefined))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Resource not found')).toBeNull()
  })
})

describe('HTTP 401', () => {
  it('signs the user out after two seconds, without calling the server, and asks to sign in', async () => {
    let logoutCalls = 0
    server.use(
      http.post('/api/auth/session/logout/', () => {
        logoutCalls += 1
        return HttpResponse.json({ detail: 'Signed out.' })
      }),
    )
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { router } = await failACall(401, 'Session expired.')
    // The server's session is gone: from now on it says so.
    server.use(...signedOutHandlers)
    storage.set('permissions', ['endworker'])

    await act(() => vi.advanceTimersByTimeAsync(1500))
    expect(screen.queryByText(UNAUTHORIZED)).toBeNull()
    expect(router.state.location.pathname).toBe('/timelogs')
    expect(storage.get('user')).not.toBeNull()

    await act(() => vi.advanceTimersByTimeAsync(600))
    expect(await screen.findByText(UNAUTHORIZED)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/timelogs' })
    expect(storage.get('user')).toBeNull()
    expect(storage.get('permissions')).toBeNull()
    expect(logoutCalls).toBe(0)
  })

  it('signs out once for a burst of failing calls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { router } = await failACall(401)
    server.use(...signedOutHandlers)
    await act(() => api('client/tasks/stats/').catch(() => undefined))

    await act(() => vi.advanceTimersByTimeAsync(2100))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.getAllByText(UNAUTHORIZED)).toHaveLength(1)
  })
})

describe('sign-out in another tab', () => {
  it('ends the session in this tab too', async () => {
    server.use(...signedInHandlers())
    const { router } = renderApp('/timelogs')
    await screen.findByRole('heading', { name: 'Time logs' })
    server.use(...signedOutHandlers)

    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'logoutSignal', newValue: String(Date.now()) }),
      )
    })

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})
