import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { storage } from '../../storage'
import { setupApiServer, signedInHandlers, signedOutHandlers } from '../../test/api'
import { renderApp } from '../../test/render'
import { CALLBACK_WITHOUT_USERNAME_WAIT_MS } from './CallbackPage'

const server = setupApiServer()

afterEach(() => {
  vi.useRealTimers()
})

/** The landing page and the signed-in frame load their code on the first visit. */
const PAGE_LOAD_MS = 5_000

describe('single-sign-on return', () => {
  it('authenticates and opens the page stored before leaving', async () => {
    server.use(...signedInHandlers())
    storage.set('redirect', '/timelogs')
    const { router } = renderApp('/callback?username=anna')

    expect(await screen.findByRole('heading', { name: 'Authenticating...' })).toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { name: 'Time logs' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/timelogs')
    expect(storage.get('redirect')).toBeNull()
    expect(storage.get('permissions')).toEqual(['endworker'])
  })

  it('goes to the failure page when the server opened no session', async () => {
    server.use(...signedOutHandlers)
    const { router } = renderApp('/callback?username=anna')

    expect(
      await screen.findByRole('heading', { name: 'Authentication failed' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/oidc_failure')
  })

  it('goes to sign in with a message when the return names no user', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    server.use(...signedOutHandlers)
    const { router } = renderApp('/callback')

    expect(await screen.findByRole('heading', { name: 'Authenticating...' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(CALLBACK_WITHOUT_USERNAME_WAIT_MS - 100))
    expect(router.state.location.pathname).toBe('/callback')

    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Single sign-on did not finish: the server sent no account back. Please sign in again.',
    )
    expect(router.state.location.pathname).toBe('/login')
  })
})

describe('authentication failure page', () => {
  it('lists the first-login requirements and links back to login', async () => {
    renderApp('/oidc_failure')

    expect(
      await screen.findByText('Authentication was unsuccessful or your account is deactivated.'),
    ).toBeInTheDocument()
    const requirements = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(requirements).toEqual([
      'your coordinator has created a placeholder account for you;',
      'your first and last name are filled in your external account;',
      'your e-mail address is the same as the one of your existing traditional account.',
    ])
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login')
  })

  it('says when single sign-on is not configured', async () => {
    renderApp('/oidc_failure?reason=not_configured')

    expect(
      await screen.findByText('Single sign-on is not configured on this instance.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0))
  })

  it('says why an account was refused, above the first-login requirements', async () => {
    renderApp('/oidc_failure?reason=deactivated')

    expect(
      await screen.findByText(
        'Your account is deactivated. Contact your coordinator or an administrator.',
      ),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
  })

  it('says when the identity provider cannot be reached', async () => {
    renderApp('/oidc_failure?reason=unavailable')

    expect(
      await screen.findByRole('heading', { name: 'Single sign-on unavailable' }),
    ).toBeInTheDocument()
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })
})
