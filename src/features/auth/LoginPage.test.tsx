import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { LoginRequest } from '../../../contract/auth'
import { storage } from '../../storage'
import {
  apiError,
  instanceSettingsHandler,
  makeInstanceSettings,
  makeUser,
  setupApiServer,
  signedInHandlers,
  signedOutHandlers,
} from '../../test/api'
import { renderApp } from '../../test/render'

const server = setupApiServer()

/** After a successful sign-in the session calls answer as signed in. */
function acceptSignIn(onRequest?: (body: LoginRequest) => void | Promise<void>) {
  const user = makeUser()
  server.use(
    http.post('/api/auth/session/login/', async ({ request }) => {
      await onRequest?.((await request.json()) as LoginRequest)
      server.use(...signedInHandlers({ user }))
      return HttpResponse.json(user)
    }),
  )
}

async function openPasswordForm(path = '/login') {
  server.use(...signedOutHandlers)
  const rendered = renderApp(path)
  const user = userEvent.setup()
  await user.click(
    await screen.findByRole('button', { name: 'Sign in with username and password' }),
  )
  // The form is usable once its opening animation has ended.
  await screen.findByRole('button', { name: 'Sign in' })
  return { ...rendered, user }
}

const signInButton = () => screen.getByRole('button', { name: /^(Sign in|Signing in…)$/ })

/**
 * Signs in against a failing server and records the form's error as it appears and as its
 * countdown ends. A DOM observer takes the times, so a slow machine cannot make the one-second
 * countdown look shorter or longer than it was.
 */
async function signInAndWatchTheError(failure: Response) {
  server.use(http.post('/api/auth/session/login/', () => failure))
  const rendered = await openPasswordForm()
  const { user, container } = rendered
  await user.type(screen.getByLabelText(/Username or e-mail/), 'anna')
  await user.type(screen.getByLabelText(/^Password/), 'secret')

  const seen: {
    text?: string
    buttonDisabled?: boolean
    shownAt?: number
    countdownEndedAt?: number
  } = {}
  const observer = new MutationObserver(() => {
    const alert = container.querySelector('form [role="alert"]')
    if (alert && seen.shownAt === undefined) {
      seen.shownAt = performance.now()
      seen.text = alert.textContent ?? ''
      seen.buttonDisabled =
        container.querySelector<HTMLButtonElement>('form [type="submit"]')?.disabled
    }
    const counting = alert?.textContent?.includes('You can try again in')
    if (seen.shownAt !== undefined && !counting) seen.countdownEndedAt ??= performance.now()
  })
  observer.observe(container, { childList: true, subtree: true, characterData: true })
  await user.click(signInButton())
  await waitFor(() => expect(seen.countdownEndedAt).toBeDefined(), { timeout: 3000 })
  observer.disconnect()
  return {
    ...seen,
    ...rendered,
    countingMs: (seen.countdownEndedAt ?? 0) - (seen.shownAt ?? 0),
  }
}

const formAlert = (container: HTMLElement) => container.querySelector('form [role="alert"]')

describe('single sign-on', () => {
  it('links to the server and stores the redirect before leaving', async () => {
    server.use(...signedOutHandlers)
    renderApp('/login?redirect=%2Ftimelogs')

    const link = await screen.findByRole('link', { name: 'Sign in with single sign-on' })
    expect(link).toHaveAttribute('href', '/api/auth/oidc/login/')
    // jsdom cannot leave the page; the stored redirect is what matters here.
    link.addEventListener('click', (event) => event.preventDefault())
    await userEvent.click(link)
    expect(storage.get('redirect')).toBe('/timelogs')
  })

  it('is disabled with a hint when the instance has no single sign-on', async () => {
    server.use(
      ...signedOutHandlers,
      instanceSettingsHandler(makeInstanceSettings({ sso_enabled: false })),
    )
    renderApp('/login')

    const button = await screen.findByRole('button', { name: 'Sign in with single sign-on' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('Single sign-on is not configured on this instance.')
  })
})

describe('confirmation from the page before', () => {
  it.each([
    ['/login?notice=password_set', 'Your password has been set. You can sign in now.'],
    ['/login/jkowalski?notice=registered', 'Your account has been created. You can sign in now.'],
  ])('%s says what was done until the user dismisses it', async (path, text) => {
    server.use(...signedOutHandlers)
    renderApp(path)

    const confirmation = await screen.findByRole('status')
    expect(confirmation).toHaveTextContent(text)
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(text)).toBeNull()
  })

  it('ignores a value it does not know', async () => {
    server.use(...signedOutHandlers)
    renderApp('/login?notice=hacked')

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('password form', () => {
  it('prefills the username from the route and opens the form', async () => {
    server.use(...signedOutHandlers)
    renderApp('/login/marek')

    expect(await screen.findByLabelText(/Username or e-mail/)).toHaveValue('marek')
  })

  it('validates the fields and keeps the button disabled until they are valid', async () => {
    const { user } = await openPasswordForm()
    expect(signInButton()).toBeDisabled()

    await user.type(screen.getByLabelText(/Username or e-mail/), 'an')
    await user.tab()
    expect(screen.getByText('Enter at least 3 characters.')).toBeInTheDocument()

    await user.click(screen.getByLabelText(/^Password/))
    await user.tab()
    expect(screen.getByText('Enter your password.')).toBeInTheDocument()

    await user.type(screen.getByLabelText(/Username or e-mail/), 'na')
    await user.type(screen.getByLabelText(/^Password/), 'secret')
    expect(screen.queryByText('Enter at least 3 characters.')).toBeNull()
    expect(signInButton()).toBeEnabled()
  })

  it('shows and hides the password', async () => {
    const { user } = await openPasswordForm()
    const password = screen.getByLabelText(/^Password/)
    expect(password).toHaveAttribute('type', 'password')

    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('tells the user whom to ask for a lost password', async () => {
    await openPasswordForm()
    expect(
      screen.getByText(/Ask your coordinators or administrators for a password reset link/),
    ).toBeInTheDocument()
  })

  it("says 'Signing in…' and blocks the button while the server answers", async () => {
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    let sent: LoginRequest | undefined
    acceptSignIn(async (body) => {
      sent = body
      await answered
    })
    server.use(http.get('/api/languages/', () => HttpResponse.json([])))
    const { user, router } = await openPasswordForm()
    await user.type(screen.getByLabelText(/Username or e-mail/), '  anna ')
    await user.type(screen.getByLabelText(/^Password/), 'secret')
    await user.click(signInButton())

    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled()
    await waitFor(() => expect(sent).toEqual({ username: 'anna', password: 'secret' }))
    answer()
    // Without a kept redirect the user lands on their home, the user panel.
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'))
  })

  it('shows Login failed with the server detail until the form is edited, counting down one second', async () => {
    const alert = await signInAndWatchTheError(
      apiError(401, 'Wrong username or password.', 'authentication_failed'),
    )

    expect(alert.text).toContain('Login failed')
    expect(alert.text).toContain('Wrong username or password.')
    expect(alert.text).toMatch(/You can try again in \d\.\d s\./)
    expect(alert.buttonDisabled).toBe(true)
    expect(alert.countingMs).toBeGreaterThanOrEqual(1000)
    expect(alert.countingMs).toBeLessThan(2000)
    expect(signInButton()).toBeEnabled()
    // The countdown is over, the message is not: it stays to be read.
    expect(formAlert(alert.container)?.textContent).toContain('Wrong username or password.')
    expect(formAlert(alert.container)?.textContent).not.toContain('You can try again')

    await alert.user.type(screen.getByLabelText(/^Password/), '!')
    expect(formAlert(alert.container)).toBeNull()
  })

  it('shows Account deactivated when the server says the account is deactivated', async () => {
    const alert = await signInAndWatchTheError(
      apiError(401, 'This account is deactivated.', 'authentication_failed'),
    )

    expect(alert.text).toContain('Account deactivated')
    expect(alert.text).toContain('This account is deactivated.')
    expect(alert.text).not.toContain('Login failed')
  })

  it('shows the server detail when there were too many attempts', async () => {
    const alert = await signInAndWatchTheError(
      apiError(429, 'Too many attempts. Wait a minute.', 'rate_limited'),
    )

    expect(alert.text).toContain('Too many attempts. Wait a minute.')
    expect(alert.buttonDisabled).toBe(true)
  })

  it('opens the kept redirect after signing in', async () => {
    acceptSignIn()
    const { user, router } = await openPasswordForm('/login?redirect=%2Ftimelogs')
    await user.type(screen.getByLabelText(/Username or e-mail/), 'anna')
    await user.type(screen.getByLabelText(/^Password/), 'secret')
    await user.click(signInButton())

    expect(await screen.findByRole('heading', { name: 'Time logs' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/timelogs')
    expect(storage.get('user')).toMatchObject({ username: 'anna' })
    expect(storage.get('permissions')).toEqual(['endworker'])
  })
})
