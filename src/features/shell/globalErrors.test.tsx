import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../api/client'
import { storage } from '../../storage'
import {
  apiError,
  dropSessionHint,
  setupApiServer,
  signedInHandlers,
  signedOutHandlers,
} from '../../test/api'
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

  it('lands on plain /login when a call made before the user signed out is refused after it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    server.use(
      ...signedInHandlers(),
      http.get('/api/client/tasks/stats/', () => apiError(401, 'Signed out.')),
      http.post('/api/auth/session/logout/', () => {
        dropSessionHint()
        return new HttpResponse(null, { status: 204 })
      }),
      http.post('/api/auth/oidc/logout/', () => HttpResponse.json({ logout_url: null })),
    )
    const { router } = renderApp('/timelogs')
    await screen.findByRole('heading', { name: 'Time logs' })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(screen.getByRole('button', { name: 'anna' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()

    await act(() => api('client/tasks/stats/').catch(() => undefined))
    await act(() => vi.advanceTimersByTimeAsync(2100))

    expect(router.state.location.href).toBe('/login')
    expect(screen.queryByText(UNAUTHORIZED)).toBeNull()
  })

  it('goes to the login page once when the session ended elsewhere, and stops asking for the user', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { router } = await failACall(401, 'Session expired.')
    const sessionCalls: string[] = []
    server.use(
      http.get('/api/auth/current-user/', () => {
        sessionCalls.push('current-user')
        return apiError(401, 'Signed out.', 'not_authenticated')
      }),
      http.get('/api/auth/current-user/permissions/', () => {
        sessionCalls.push('permissions')
        return apiError(401, 'Signed out.', 'not_authenticated')
      }),
    )

    await act(() => vi.advanceTimersByTimeAsync(2100))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    // The login page is visited again, and a call made before the sign-out is refused late.
    await act(() => router.navigate({ to: '/login', search: { redirect: '/timelogs' } }))
    await act(() => api('client/tasks/stats/').catch(() => undefined))
    await act(() => vi.advanceTimersByTimeAsync(2100))

    expect(sessionCalls).toEqual([])
    expect(router.state.location.href).toBe('/login?redirect=%2Ftimelogs')
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
