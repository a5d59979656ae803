import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeUser, setupApiServer } from '../../test/api'
import { PolicyOverlays } from '../policies'
import { GeneralTab } from './GeneralTab'
import { renderWithUser } from './test-fixtures'

const server = setupApiServer(
  http.get('/api/information-clause/', () => HttpResponse.json('We keep your data safe.')),
)

describe('general tab', () => {
  it('shows the account, its type, last login and clause date, and opens the clause', async () => {
    const user = userEvent.setup()
    const account = makeUser()
    renderWithUser(
      <>
        <GeneralTab user={account} />
        <PolicyOverlays />
      </>,
      { user: account },
    )

    const details = await screen.findByRole('table', { name: 'Account details' })
    const row = (name: string) => within(details).getByRole('row', { name: new RegExp(`^${name}`) })
    expect(row('Username')).toHaveTextContent('anna')
    expect(row('Account type')).toHaveTextContent('Traditional (username and password)')
    expect(row('Last login')).toHaveTextContent(
      dayjs('2026-03-02T08:15:00Z').format('YYYY-MM-DD HH:mm'),
    )
    expect(row('Information clause')).toHaveTextContent(
      `Accepted on ${dayjs('2026-01-10T12:00:00Z').format('YYYY-MM-DD HH:mm')}`,
    )

    await user.click(
      within(row('Information clause')).getByRole('button', { name: 'Read the clause' }),
    )
    const preview = await screen.findByRole('dialog', { name: 'Information clause' })
    expect(await within(preview).findByText('We keep your data safe.')).toBeVisible()
    await user.click(within(preview).getByRole('button', { name: 'Close' }))
  })

  it('saves names and e-mail', async () => {
    const user = userEvent.setup()
    let body: unknown
    server.use(
      http.patch('/api/auth/current-user/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(makeUser({ first_name: 'Ania' }))
      }),
    )
    const account = makeUser({ is_sso_account: true, is_traditional_account: false })
    const { queryClient } = renderWithUser(<GeneralTab user={account} />, { user: account })

    expect(await screen.findByText('Single sign-on')).toBeVisible()
    const firstName = screen.getByLabelText('First name')
    await user.clear(firstName)
    await user.type(firstName, 'Ania')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Your details have been saved.')).toBeVisible()
    expect(body).toEqual({ first_name: 'Ania', last_name: 'Nowak', email: 'anna@example.org' })
    await waitFor(() =>
      expect(queryClient.getQueryData<typeof account>(['auth', 'current-user'])?.first_name).toBe(
        'Ania',
      ),
    )
  })
})
