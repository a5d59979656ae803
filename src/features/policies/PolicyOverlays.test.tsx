import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { storage } from '../../storage'
import { makeUser, setupApiServer } from '../../test/api'
import { renderWithUser } from '../account/test-fixtures'
import { openPolicyPreview } from './index'
import { PolicyOverlays } from './PolicyOverlays'
import { closePolicyPreview } from './preview-store'

const CLAUSE = '# Information clause\n\nWe process your **data** carefully.'
const server = setupApiServer(
  http.get('/api/information-clause/', () => HttpResponse.json(CLAUSE)),
  http.get('/api/cookie-policy/', () => HttpResponse.json('# Cookies\n\nOnly the needed ones.')),
)
afterEach(() => {
  act(() => closePolicyPreview())
  sessionStorage.clear()
})

/** Lets the router render and effects run, before asserting that something stays absent. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)))

const serverError = () =>
  HttpResponse.json({ detail: 'Boom', code: 'server_error' }, { status: 500 })

describe('cookie banner', () => {
  it('asks a visitor who has not accepted cookies, and remembers the acceptance locally', async () => {
    const user = userEvent.setup()
    renderWithUser(<PolicyOverlays />, { cookiesAccepted: false })

    const banner = await screen.findByRole('dialog', { name: 'Our website uses cookies' })
    await user.click(within(banner).getByRole('button', { name: 'I understand' }))

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Our website uses cookies' })).toBeNull(),
    )
    expect(storage.get('cookiePolicyAccepted')).toBe(true)
  })

  it('records the acceptance on the server when signed in', async () => {
    const user = userEvent.setup()
    let serverCalls = 0
    server.use(
      http.put('/api/auth/current-user/accept-cookie-policy/', () => {
        serverCalls += 1
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { queryClient } = renderWithUser(<PolicyOverlays />, {
      user: makeUser({ cookie_policy_accepted_date: null }),
      cookiesAccepted: false,
    })

    await user.click(await screen.findByRole('button', { name: 'I understand' }))

    await waitFor(() => expect(serverCalls).toBe(1))
    expect(storage.get('cookiePolicyAccepted')).toBe(true)
    await waitFor(() =>
      expect(
        queryClient.getQueryData<ReturnType<typeof makeUser>>(['auth', 'current-user'])
          ?.cookie_policy_accepted_date,
      ).not.toBeNull(),
    )
  })

  it('cannot be dismissed with Esc or a click on the backdrop, but its close button accepts', async () => {
    const user = userEvent.setup()
    renderWithUser(<PolicyOverlays />, { cookiesAccepted: false })
    const banner = await screen.findByRole('dialog', { name: 'Our website uses cookies' })

    await user.keyboard('{Escape}')
    const backdrop = document.querySelector<HTMLElement>('.mantine-Overlay-root')
    expect(backdrop).not.toBeNull()
    await user.click(backdrop!)

    expect(screen.getByRole('dialog', { name: 'Our website uses cookies' })).toBe(banner)
    expect(storage.get('cookiePolicyAccepted')).toBeNull()

    await user.click(within(banner).getByRole('button', { name: 'Close and accept cookies' }))
    expect(storage.get('cookiePolicyAccepted')).toBe(true)
  })

  it('keeps the keyboard inside it until it is answered', async () => {
    const user = userEvent.setup()
    renderWithUser(<PolicyOverlays />, { cookiesAccepted: false })
    const banner = await screen.findByRole('dialog', { name: 'Our website uses cookies' })
    await waitFor(() => expect(banner).toContainElement(document.activeElement as HTMLElement))

    const reached = new Set<string>()
    for (let press = 0; press < 6; press += 1) {
      await user.tab()
      expect(banner).toContainElement(document.activeElement as HTMLElement)
      reached.add(document.activeElement?.textContent || '')
    }
    expect(reached).toContain('Read the cookie policy')
    expect(reached).toContain('I understand')
  })

  it('stays hidden once accepted, here or (for a signed-in user) on the server', async () => {
    const { unmount } = renderWithUser(<PolicyOverlays />, { cookiesAccepted: true })
    await settle()
    expect(screen.queryByText('Our website uses cookies')).toBeNull()
    unmount()
    localStorage.clear()

    renderWithUser(<PolicyOverlays />, { user: makeUser(), cookiesAccepted: false })
    await waitFor(() => expect(storage.get('cookiePolicyAccepted')).toBe(true))
    expect(screen.queryByText('Our website uses cookies')).toBeNull()
  })

  it('opens the cookie policy for reading, then comes back', async () => {
    const user = userEvent.setup()
    renderWithUser(<PolicyOverlays />, { cookiesAccepted: false })

    await user.click(await screen.findByRole('button', { name: 'Read the cookie policy' }))
    const preview = await screen.findByRole('dialog', { name: 'Cookie policy' })
    expect(await within(preview).findByText('Only the needed ones.')).toBeInTheDocument()
    await user.click(within(preview).getByRole('button', { name: 'Close' }))

    expect(await screen.findByRole('dialog', { name: 'Our website uses cookies' })).toBeVisible()
  })
})

describe('clause modal', () => {
  const withoutClause = makeUser({ clause_accepted_date: null })

  it('waits for the cookie policy to be accepted first', async () => {
    const user = userEvent.setup()
    server.use(
      http.put(
        '/api/auth/current-user/accept-cookie-policy/',
        () => new HttpResponse(null, { status: 204 }),
      ),
    )
    renderWithUser(<PolicyOverlays />, {
      user: makeUser({ clause_accepted_date: null, cookie_policy_accepted_date: null }),
      cookiesAccepted: false,
    })

    await user.click(await screen.findByRole('button', { name: 'I understand' }))

    expect(await screen.findByRole('dialog', { name: 'Information clause' })).toBeVisible()
  })

  it('does not open for a user who accepted the clause, nor for a visitor', async () => {
    const { unmount } = renderWithUser(<PolicyOverlays />, { user: makeUser() })
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
    unmount()

    renderWithUser(<PolicyOverlays />)
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('enables Accept only once the text is loaded and the switch is on, then accepts', async () => {
    const user = userEvent.setup()
    let releaseText = () => {}
    const textReady = new Promise<void>((resolve) => {
      releaseText = resolve
    })
    let accepted = 0
    server.use(
      http.get('/api/information-clause/', async () => {
        await textReady
        return HttpResponse.json(CLAUSE)
      }),
      http.put('/api/auth/current-user/accept-clause/', () => {
        accepted += 1
        return new HttpResponse(null, { status: 204 })
      }),
      http.get('/api/auth/current-user/', () =>
        HttpResponse.json(makeUser({ clause_accepted_date: '2026-04-01T09:00:00Z' })),
      ),
    )
    renderWithUser(<PolicyOverlays />, { user: withoutClause })

    const modal = await screen.findByRole('dialog', { name: 'Information clause' })
    const accept = within(modal).getByRole('button', { name: 'Accept' })
    expect(within(modal).getByRole('status')).toBeInTheDocument()
    expect(accept).toBeDisabled()

    releaseText()
    expect(await within(modal).findByText('data')).toBeInTheDocument()
    expect(accept).toBeDisabled()
    expect(within(modal).queryByRole('button', { name: 'Close' })).toBeNull()

    await user.click(
      within(modal).getByRole('switch', { name: 'I have read and accept the clause.' }),
    )
    expect(accept).toBeEnabled()
    await user.click(accept)

    expect(await screen.findByText('The clause has been successfully accepted.')).toBeVisible()
    expect(accepted).toBe(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('reports a failed text fetch with the advice, and lets the user skip for this session', async () => {
    const user = userEvent.setup()
    server.use(http.get('/api/information-clause/', serverError))
    renderWithUser(<PolicyOverlays />, { user: withoutClause })

    expect(
      await screen.findByText('An error occurred when fetching the clause.', {
        selector: '.mantine-Notification-title',
      }),
    ).toBeVisible()
    expect(
      screen.getByText(
        /You can skip accepting the clause and continue working with the product temporarily\. Please inform the Administrators about the problem\./,
      ),
    ).toBeVisible()
    const modal = screen.getByRole('dialog', { name: 'Information clause' })
    expect(within(modal).getByRole('button', { name: 'Accept' })).toBeDisabled()

    await user.click(within(modal).getByRole('button', { name: 'Skip' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sessionStorage.getItem('clauseSkipped')).toBe('true')
    expect(localStorage.getItem('clauseSkipped')).toBeNull()
  })

  it('reports a failed acceptance and offers Skip', async () => {
    const user = userEvent.setup()
    server.use(http.put('/api/auth/current-user/accept-clause/', serverError))
    renderWithUser(<PolicyOverlays />, { user: withoutClause })

    const modal = await screen.findByRole('dialog', { name: 'Information clause' })
    await within(modal).findByText('data')
    expect(within(modal).queryByRole('button', { name: 'Skip' })).toBeNull()
    await user.click(within(modal).getByRole('switch'))
    await user.click(within(modal).getByRole('button', { name: 'Accept' }))

    expect(await screen.findByText('An error occurred while accepting the clause.')).toBeVisible()
    expect(screen.getByText(/Please inform the Administrators about the problem\./)).toBeVisible()
    expect(within(modal).getByRole('button', { name: 'Skip' })).toBeEnabled()
    expect(screen.getByRole('dialog', { name: 'Information clause' })).toBeVisible()
  })

  it('signs out from the modal and goes to the login page', async () => {
    const user = userEvent.setup()
    let loggedOut = false
    server.use(
      http.post('/api/auth/session/logout/', () => {
        loggedOut = true
        return new HttpResponse(null, { status: 204 })
      }),
      http.post('/api/auth/oidc/logout/', () => new HttpResponse(null, { status: 204 })),
    )
    const { router } = renderWithUser(<PolicyOverlays />, { user: withoutClause })

    const modal = await screen.findByRole('dialog', { name: 'Information clause' })
    await user.click(within(modal).getByRole('button', { name: 'Sign out' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(loggedOut).toBe(true)
  })
})

describe('policy preview', () => {
  it('shows the clause with only a Close button', async () => {
    const user = userEvent.setup()
    renderWithUser(<PolicyOverlays />, { user: makeUser() })

    act(() => openPolicyPreview('information-clause'))

    const modal = await screen.findByRole('dialog', { name: 'Information clause' })
    await within(modal).findByText('data')
    expect(
      within(modal)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close'])
    expect(within(modal).queryByRole('switch')).toBeNull()
    await user.click(within(modal).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('reports a failed fetch without the skip advice', async () => {
    server.use(http.get('/api/information-clause/', serverError))
    renderWithUser(<PolicyOverlays />)

    act(() => openPolicyPreview('information-clause'))

    expect(
      await screen.findByText('An error occurred when fetching the clause.', {
        selector: '.mantine-Notification-description',
      }),
    ).toBeVisible()
    expect(screen.queryByText(/You can skip accepting the clause/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull()
  })
})
