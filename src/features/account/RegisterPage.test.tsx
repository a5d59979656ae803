import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeUser, setupApiServer } from '../../test/api'
import { RegisterPage } from './RegisterPage'
import { renderWithUser } from './test-fixtures'

const server = setupApiServer(
  http.get('/api/auth/register-user/username/', ({ request }) => {
    const query = new URL(request.url).searchParams
    if (query.get('key') !== 'good-key') {
      return HttpResponse.json(
        { detail: 'This link is invalid.', code: 'invalid_key' },
        { status: 404 },
      )
    }
    const username = `${query.get('first_name')?.[0] ?? ''}${query.get('last_name') ?? ''}`
    return HttpResponse.json({ username: username.toLowerCase() })
  }),
)

function verifyAnswers(answer: { email: string | null; deactivate_account: boolean }) {
  server.use(
    http.get('/api/auth/register-user/verify/', ({ request }) =>
      new URL(request.url).searchParams.get('key') === 'good-key'
        ? HttpResponse.json(answer)
        : HttpResponse.json(
            { detail: 'This link is invalid.', code: 'invalid_key' },
            { status: 404 },
          ),
    ),
  )
}

async function fillIn({ names = true } = {}) {
  const user = userEvent.setup()
  if (names) {
    await user.type(await screen.findByLabelText(/^First name/), 'Jan')
    await user.type(screen.getByLabelText(/^Last name/), 'Kowalski')
  }
  await user.type(screen.getByLabelText(/^New password/), 'long enough secret')
  await user.type(screen.getByLabelText(/^Repeat the new password/), 'long enough secret')
  return user
}

describe('registration page', () => {
  it('says a refused key cannot be used', async () => {
    verifyAnswers({ email: null, deactivate_account: false })
    renderWithUser(<RegisterPage registrationKey="stale-key" />)

    expect(await screen.findByText('This link cannot be used')).toBeVisible()
    expect(screen.getByText(/invalid, has expired or has already been used/)).toBeVisible()
    expect(screen.queryByLabelText(/^First name/)).toBeNull()
  })

  it('says the same when the link has no key, without asking the server', async () => {
    renderWithUser(<RegisterPage registrationKey={undefined} />)
    expect(await screen.findByText('This link cannot be used')).toBeVisible()
  })

  it('registers with the invited e-mail and the suggested username, then opens the sign-in', async () => {
    verifyAnswers({ email: 'jan@example.org', deactivate_account: false })
    let body: unknown
    server.use(
      http.post('/api/auth/current-user/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(makeUser({ username: 'jkowalski' }), { status: 201 })
      }),
    )
    const { router } = renderWithUser(<RegisterPage registrationKey="good-key" />, {
      path: '/register?key=good-key',
    })

    const email = await screen.findByLabelText(/^E-mail/)
    expect(email).toHaveValue('jan@example.org')
    expect(email).toHaveAttribute('readonly')
    const user = await fillIn()
    await waitFor(() => expect(screen.getByLabelText(/^Username/)).toHaveValue('jkowalski'))
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/jkowalski'))
    // The login page confirms it (LoginPage.test.tsx).
    expect(router.state.location.search).toEqual({ notice: 'registered' })
    expect(body).toEqual({
      key: 'good-key',
      first_name: 'Jan',
      last_name: 'Kowalski',
      email: 'jan@example.org',
      username: 'jkowalski',
      password: 'long enough secret',
    })
  })

  it('keeps a username the user typed and shows server field errors', async () => {
    verifyAnswers({ email: null, deactivate_account: false })
    server.use(
      http.post('/api/auth/current-user/', () =>
        HttpResponse.json(
          {
            detail: 'Invalid input.',
            code: 'validation_error',
            fields: { username: ['This username is already taken.'] },
          },
          { status: 400 },
        ),
      ),
    )
    renderWithUser(<RegisterPage registrationKey="good-key" />)

    const user = userEvent.setup()
    const username = await screen.findByLabelText(/^Username/)
    await user.type(username, 'janek')
    await fillIn()
    await user.type(screen.getByLabelText(/^E-mail/), 'jan@example.org')
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(
        expect.stringContaining('This username is already taken.'),
      ),
    )
    expect(username).toHaveValue('janek')
  })

  it('tells the user a coordinator must activate the account when the key says so', async () => {
    verifyAnswers({ email: null, deactivate_account: true })
    server.use(
      http.post('/api/auth/current-user/', () =>
        HttpResponse.json(makeUser({ is_active: false }), { status: 201 }),
      ),
    )
    const { router } = renderWithUser(<RegisterPage registrationKey="good-key" />, {
      path: '/register',
    })

    const user = await fillIn()
    await user.type(screen.getByLabelText(/^E-mail/), 'jan@example.org')
    await waitFor(() => expect(screen.getByLabelText(/^Username/)).toHaveValue('jkowalski'))
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByText('Your account has been created')).toBeVisible()
    expect(screen.getByText('A coordinator must activate it before you can sign in.')).toBeVisible()
    expect(router.state.location.pathname).toBe('/register')
  })
})
