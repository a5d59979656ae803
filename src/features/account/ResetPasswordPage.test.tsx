import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { setupApiServer } from '../../test/api'
import { ResetPasswordPage } from './ResetPasswordPage'
import { renderWithUser } from './test-fixtures'

const server = setupApiServer(
  http.get('/api/auth/reset-password/verify/', ({ request }) =>
    new URL(request.url).searchParams.get('key') === 'good-key'
      ? HttpResponse.json({ email: 'anna@example.org' })
      : HttpResponse.json({ detail: 'Invalid.', code: 'invalid_key' }, { status: 404 }),
  ),
)

describe('password reset page', () => {
  it('sets the new password for the account the link names, then opens the sign-in', async () => {
    const user = userEvent.setup()
    let body: unknown
    server.use(
      http.post('/api/auth/reset-password/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ detail: 'ok' })
      }),
    )
    const { router } = renderWithUser(<ResetPasswordPage resetKey="good-key" />, {
      path: '/reset',
    })

    expect(await screen.findByLabelText('E-mail')).toHaveValue('anna@example.org')
    await user.type(screen.getByLabelText(/^New password/), 'brand new secret')
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'brand new secret')
    await user.click(screen.getByRole('button', { name: 'Set password' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    // The login page confirms it (LoginPage.test.tsx).
    expect(router.state.location.search).toEqual({ notice: 'password_set' })
    expect(body).toEqual({ key: 'good-key', password: 'brand new secret' })
  })

  it('says a refused key cannot be used', async () => {
    renderWithUser(<ResetPasswordPage resetKey="old-key" />)
    expect(await screen.findByText('This link cannot be used')).toBeVisible()
    expect(screen.queryByLabelText(/^New password/)).toBeNull()
  })
})
