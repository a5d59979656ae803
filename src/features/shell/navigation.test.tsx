import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { MENU_COUNTER_REFRESH_MS } from '../../../contract/constants'
import type { Role } from '../../../contract/roles'
import { activateDisplayLanguage, i18n } from '../../i18n/i18n'
import { storage } from '../../storage'
import {
  makeUser,
  NO_COUNTERS,
  setupApiServer,
  signedInHandlers,
  signedOutHandlers,
} from '../../test/api'
import { renderApp } from '../../test/render'

/** The time-log page is the landing page: its code and the navigation's load on the first visit. */
const PAGE_LOAD_MS = 5_000

const server = setupApiServer()

afterEach(() => activateDisplayLanguage('en'))

function mainNavigationLinks() {
  const navigation = screen.getByRole('navigation', { name: 'Main navigation' })
  return within(navigation)
    .getAllByRole('link')
    .map((link) => link.textContent)
}

describe('top navigation', () => {
  const cases: [string, Role[], string[]][] = [
    ['an end worker', ['endworker'], ['Tasks', 'Feedback', 'Timelogs']],
    ['a reviewer', ['reviewer'], ['Timelogs', 'Review']],
    ['a client', ['client'], ['Timelogs', 'Client']],
    ['a coordinator', ['coordinator'], ['Timelogs', 'Coordinator']],
    ['a finance manager', ['finance_manager'], ['Timelogs', 'Finance']],
    [
      'staff',
      ['staff'],
      ['Tasks', 'Feedback', 'Timelogs', 'Review', 'Client', 'Coordinator', 'Admin'],
    ],
    [
      'an end worker who reviews',
      ['endworker', 'reviewer'],
      ['Tasks', 'Feedback', 'Timelogs', 'Review'],
    ],
  ]

  it.each(cases)('shows %s exactly their areas', async (_who, permissions, expected) => {
    server.use(...signedInHandlers({ permissions }))
    renderApp('/timelogs')

    await screen.findByRole('heading', { name: 'Time logs' }, { timeout: PAGE_LOAD_MS })
    await waitFor(() => expect(mainNavigationLinks()).toEqual(expected), {
      timeout: PAGE_LOAD_MS,
    })
  })

  it('marks the area the user is in', async () => {
    server.use(...signedInHandlers({ permissions: ['endworker'] }))
    renderApp('/feedback')

    const link = await screen.findByRole('link', { name: 'Feedback' })
    expect(link).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Tasks' })).not.toHaveAttribute('aria-current')
  })

  it('puts a warning dot on Coordinator while a counter is above zero', async () => {
    server.use(
      ...signedInHandlers({
        permissions: ['coordinator'],
        counters: { ...NO_COUNTERS, pending_profile_approvals: 2 },
      }),
    )
    renderApp('/timelogs')

    expect(
      await screen.findByRole(
        'link',
        { name: 'Coordinator (needs attention)' },
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeInTheDocument()
  })

  it('refreshes the counters every five minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    let counterRequests = 0
    // The first matching handler answers, so the changing counters go before the session's.
    server.use(
      http.get('/api/coordinator/counters/', () => {
        counterRequests += 1
        return HttpResponse.json({ ...NO_COUNTERS, pending_time_logs: counterRequests - 1 })
      }),
      ...signedInHandlers({ permissions: ['coordinator'] }),
    )
    renderApp('/timelogs')
    await waitFor(() => expect(counterRequests).toBe(1))
    await waitFor(() => expect(mainNavigationLinks()).toContain('Coordinator'))

    await act(() => vi.advanceTimersByTimeAsync(MENU_COUNTER_REFRESH_MS - 10_000))
    expect(counterRequests).toBe(1)
    expect(screen.queryByText('(needs attention)')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(
      await screen.findByRole(
        'link',
        { name: 'Coordinator (needs attention)' },
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeInTheDocument()
    expect(counterRequests).toBe(2)
  })

  it('shows no dot when every counter is zero', async () => {
    server.use(...signedInHandlers({ permissions: ['coordinator'] }))
    renderApp('/timelogs')

    await waitFor(() => expect(mainNavigationLinks()).toContain('Coordinator'))
    expect(screen.queryByText('(needs attention)')).toBeNull()
  })

  it('never asks for the counters without the coordinator role', async () => {
    let asked = false
    server.use(
      http.get('/api/coordinator/counters/', () => {
        asked = true
        return HttpResponse.json(NO_COUNTERS)
      }),
      ...signedInHandlers({ permissions: ['endworker'] }),
    )
    renderApp('/timelogs')

    await waitFor(() => expect(mainNavigationLinks()).toContain('Tasks'))
    expect(asked).toBe(false)
  })

  it('opens the same navigation from the burger on phones', async () => {
    // jsdom lays pages out at desktop width, where CSS hides the phone-only burger and menu (and
    // with them their accessible names): they are found by their labels instead.
    const user = userEvent.setup()
    server.use(...signedInHandlers({ permissions: ['reviewer'] }))
    renderApp('/timelogs')

    await user.click(await screen.findByLabelText('Open the menu'))
    const navigations = screen.getAllByLabelText('Main navigation')
    expect(navigations).toHaveLength(2)
    const phoneLinks = within(navigations[1]!).getAllByRole('link', { hidden: true })
    expect(phoneLinks.map((link) => link.textContent)).toEqual(['Timelogs', 'Review'])

    await user.click(phoneLinks[1]!)
    await waitFor(() => expect(screen.getAllByLabelText('Main navigation')).toHaveLength(1))
    expect(screen.getByLabelText('Open the menu')).toBeInTheDocument()
  })
})

describe('user menu', () => {
  async function openUserMenu(user = makeUser()) {
    server.use(...signedInHandlers({ user }))
    const rendered = renderApp('/timelogs')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: user.username }))
    const menu = await screen.findByRole('menu')
    return { ...rendered, events, menu }
  }

  it('greets the user by first name, or by username without one', async () => {
    server.use(...signedInHandlers({ user: makeUser({ first_name: '' }) }))
    renderApp('/timelogs')

    expect(await screen.findByText('Hi, anna!')).toBeInTheDocument()
  })

  it('offers profile, password change, settings and sign-out to a traditional account', async () => {
    const { menu } = await openUserMenu()

    expect(screen.getByText('Hi, Anna!')).toBeInTheDocument()
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Change password', 'Settings', 'Sign out'])
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/user')
    expect(within(menu).getByRole('menuitem', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/user/password',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/user/settings',
    )
  })

  it('hides Change password from single-sign-on accounts', async () => {
    const { menu } = await openUserMenu(
      makeUser({ is_sso_account: true, is_traditional_account: false }),
    )

    expect(within(menu).queryByRole('menuitem', { name: 'Change password' })).toBeNull()
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument()
  })

  it('signs out on the server, clears the session and opens the login page', async () => {
    let signedOut = false
    server.use(
      http.post('/api/auth/session/logout/', () => {
        signedOut = true
        server.use(...signedOutHandlers)
        return HttpResponse.json({ detail: 'Signed out.' })
      }),
      http.post('/api/auth/oidc/logout/', () => HttpResponse.json({ detail: 'Signed out.' })),
    )
    const { events, menu, router } = await openUserMenu()
    storage.set('permissions', ['endworker'])
    // The stored copy of the query cache, as the persister leaves it (rewritten a second later).
    localStorage.setItem('queryCache', JSON.stringify({ clientState: { queries: [] } }))

    await events.click(within(menu).getByRole('menuitem', { name: 'Sign out' }))

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(signedOut).toBe(true)
    expect(storage.get('permissions')).toBeNull()
    expect(localStorage.getItem('queryCache')).toBeNull()
    expect(storage.get('logoutSignal')).toEqual(expect.any(Number))
  })
})

describe('display language menu', () => {
  it('switches the display language and remembers it', async () => {
    const user = userEvent.setup()
    server.use(...signedInHandlers())
    renderApp('/timelogs')

    await user.click(await screen.findByRole('button', { name: 'Display language EN: English' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }))

    await waitFor(() => expect(i18n.locale).toBe('fr'))
    expect(storage.get('displayLanguage')).toBe('fr')
    expect(document.documentElement.lang).toBe('fr')
  })
})

describe('area sub-menus', () => {
  it('shows the coordinator sections and the active section’s sub-menu with its badges', async () => {
    server.use(
      ...signedInHandlers({
        permissions: ['coordinator'],
        counters: { users_with_alerts: 1, pending_profile_approvals: 2, pending_time_logs: 4 },
      }),
      http.get('/api/coordinator/groups/', () => HttpResponse.json([])),
    )
    const { router } = renderApp('/coordinator/timelogs')

    expect(await screen.findByRole('heading', { name: 'Pending time logs' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/coordinator/timelogs/pending-logs')
    expect(await screen.findByText('Nothing waits for approval')).toBeInTheDocument()

    const sections = screen.getByRole('navigation', { name: 'Coordinator sections' })
    await waitFor(() =>
      expect(
        within(sections)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Users3', 'Time Logs4', 'Item Sets']),
    )
    expect(within(sections).getByRole('link', { name: /Time Logs/ })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const timeLogs = screen.getByRole('navigation', { name: 'Time Logs' })
    expect(
      within(timeLogs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(["Users' logs", 'Pending time logs4', 'Work time exports'])
  })
})
