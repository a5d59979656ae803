import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeUser, setupApiServer } from '../../test/api'
import { ChangePasswordPage } from './ChangePasswordPage'
import { renderWithUser } from './test-fixtures'

const server = setupApiServer()

async function fillIn(current: string, next: string, repeat: string) {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText(/^Current password/), current)
  await user.type(screen.getByLabelText(/^New password/), next)
  await user.type(screen.getByLabelText(/^Repeat the new password/), repeat)
  await user.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('change password', () => {
  it('says the repeated password differs, without asking the server', async () => {
    let called = false
    server.use(
      http.post('/api/auth/current-user/change-password/', () => {
        called = true
        return HttpResponse.json({ detail: 'ok' })
      }),
    )
    renderWithUser(<ChangePasswordPage />, { user: makeUser() })

    await fillIn('old secret', 'a new secret!', 'a new secret?')

    expect(screen.getByLabelText(/^Repeat the new password/)).toHaveAccessibleDescription(
      'The passwords do not match.',
    )
    expect(called).toBe(false)
  })

  it('asks for the minimum length', async () => {
    renderWithUser(<ChangePasswordPage />, { user: makeUser() })
    await fillIn('old secret', 'short', 'short')
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      expect.stringContaining('Use at least 10 characters.'),
    )
  })

  it('shows a wrong current password under that field', async () => {
    server.use(
      http.post('/api/auth/current-user/change-password/', () =>
        HttpResponse.json(
          {
            detail: 'Invalid input.',
            code: 'validation_error',
            fields: { old_password: ['The current password is wrong.'] },
          },
          { status: 400 },
        ),
      ),
    )
    renderWithUser(<ChangePasswordPage />, { user: makeUser() })

    await fillIn('not my secret', 'a new secret!', 'a new secret!')

    await waitFor(() =>
      expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription(
        'The current password is wrong.',
      ),
    )
  })

  it('changes the password and empties the form', async () => {
    let body: unknown
    server.use(
      http.post('/api/auth/current-user/change-password/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ detail: 'Your password has been changed.' })
      }),
    )
    renderWithUser(<ChangePasswordPage />, { user: makeUser() })

    await fillIn('old secret', 'a new secret!', 'a new secret!')

    expect(await screen.findByText('Your password has been changed.')).toBeVisible()
    expect(body).toEqual({ old_password: 'old secret', new_password: 'a new secret!' })
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('')
  })

  it('explains that a single-sign-on account has no password here', async () => {
    renderWithUser(<ChangePasswordPage />, {
      user: makeUser({ is_sso_account: true, is_traditional_account: false }),
    })
    expect(await screen.findByText('Your password is not managed here')).toBeVisible()
    expect(screen.queryByLabelText(/^Current password/)).toBeNull()
  })
})
