import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ApiToken } from '../../../contract/api-tokens'
import type { Role } from '../../../contract/roles'
import { apiError, makeUser, setupApiServer } from '../../test/api'
import { ApiTokensPage } from './ApiTokensPage'
import { apiToken, renderWithUser } from './test-fixtures'

const server = setupApiServer()

const page = (results: ApiToken[]) =>
  HttpResponse.json({ count: results.length, next: null, previous: null, results })

function renderPage(tokens: ApiToken[], permissions: Role[] = ['endworker']) {
  let listed = tokens
  server.use(
    http.get('/api/auth/current-user/permissions/', () => HttpResponse.json(permissions)),
    http.get('/api/auth/tokens/', () => page(listed)),
  )
  renderWithUser(<ApiTokensPage />, { user: makeUser() })
  return { list: (next: ApiToken[]) => (listed = next) }
}

describe('the API tokens page', () => {
  it('says so when there are no tokens', async () => {
    renderPage([])
    expect(await screen.findByText('No API tokens')).toBeInTheDocument()
  })

  it('lists each token with when it was created, expires and was last used, and from where', async () => {
    renderPage([
      apiToken(1, {
        name: 'nightly export',
        last_used_at: '2030-01-02T08:30:00Z',
        last_used_address: '203.0.113.7',
      }),
      apiToken(2, { name: 'old one', expires_at: '2000-01-01T00:00:00Z' }),
      apiToken(3, { name: 'forever', expires_at: null }),
    ])
    const table = await screen.findByRole('table', { name: 'Your API tokens' })
    const used = within(table).getByRole('row', { name: /nightly export/ })
    expect(used).toHaveTextContent('cw_abcdef01…')
    expect(used).toHaveTextContent('from 203.0.113.7')
    expect(within(table).getByRole('row', { name: /old one/ })).toHaveTextContent('Expired')
    expect(within(table).getByRole('row', { name: /old one/ })).toHaveTextContent('Never used')
    expect(within(table).getByRole('row', { name: /forever/ })).toHaveTextContent('Never')
  })

  it('creates a token and shows it once, with a copy button, until closed', async () => {
    const user = userEvent.setup({ delay: null })
    const { list } = renderPage([])
    let body: unknown
    server.use(
      http.post('/api/auth/tokens/', async ({ request }) => {
        body = await request.json()
        list([apiToken(5, { name: 'pipeline' })])
        return HttpResponse.json(
          { ...apiToken(5, { name: 'pipeline' }), token: 'cw_the-secret-shown-once' },
          { status: 201 },
        )
      }),
    )
    await screen.findByText('No API tokens')
    const form = screen.getByRole('form', { name: 'New API token' })
    await user.type(within(form).getByLabelText(/^Name/), 'pipeline')
    await user.click(within(form).getByRole('combobox', { name: /^Expires after/ }))
    await user.click(await screen.findByRole('option', { name: '365 days' }))
    expect(screen.queryByRole('option', { name: /Never/ })).toBeNull()
    await user.click(within(form).getByRole('button', { name: 'Create a token' }))

    expect(await screen.findByLabelText('API token')).toHaveValue('cw_the-secret-shown-once')
    expect(body).toEqual({ name: 'pipeline', expires_in_days: 365 })
    expect(screen.getByRole('button', { name: 'Copy the token' })).toBeInTheDocument()
    expect(await screen.findByRole('row', { name: /pipeline/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByLabelText('API token')).toBeNull()
    expect(screen.getByRole('form', { name: 'New API token' })).toBeInTheDocument()
  })

  it('offers staff a token that never expires', async () => {
    const user = userEvent.setup({ delay: null })
    renderPage([], ['staff'])
    let body: unknown
    server.use(
      http.post('/api/auth/tokens/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          { ...apiToken(6, { expires_at: null }), token: 'cw_secret' },
          { status: 201 },
        )
      }),
    )
    const form = await screen.findByRole('form', { name: 'New API token' })
    await user.type(within(form).getByLabelText(/^Name/), 'ci')
    await user.click(within(form).getByRole('combobox', { name: /^Expires after/ }))
    await user.click(await screen.findByRole('option', { name: 'Never (staff only)' }))
    await user.click(within(form).getByRole('button', { name: 'Create a token' }))
    await screen.findByLabelText('API token')
    expect(body).toEqual({ name: 'ci', expires_in_days: null })
  })

  it("shows the server's refusal under its field", async () => {
    const user = userEvent.setup({ delay: null })
    renderPage([])
    server.use(
      http.post('/api/auth/tokens/', () =>
        HttpResponse.json(
          {
            detail: 'name: already taken',
            code: 'validation_error',
            fields: { name: ['That name is taken.'] },
          },
          { status: 400 },
        ),
      ),
    )
    const form = await screen.findByRole('form', { name: 'New API token' })
    await user.type(within(form).getByLabelText(/^Name/), 'twice')
    await user.click(within(form).getByRole('button', { name: 'Create a token' }))
    expect(await within(form).findByText('That name is taken.')).toBeInTheDocument()
  })

  it('revokes a token only once confirmed', async () => {
    const user = userEvent.setup({ delay: null })
    const { list } = renderPage([apiToken(1, { name: 'laptop' })])
    const revoked: string[] = []
    server.use(
      http.delete('/api/auth/tokens/:id/', ({ params }) => {
        revoked.push(String(params.id))
        list([])
        return new HttpResponse(null, { status: 204 })
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Revoke the token laptop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the token laptop?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(revoked).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Revoke the token laptop' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    )
    await waitFor(() => expect(revoked).toEqual(['1']))
    expect(await screen.findByText('No API tokens')).toBeInTheDocument()
  })

  it('says why the list could not be loaded', async () => {
    server.use(
      http.get('/api/auth/current-user/permissions/', () => HttpResponse.json(['endworker'])),
      http.get('/api/auth/tokens/', () =>
        apiError(503, 'Down for maintenance.', 'service_unavailable'),
      ),
    )
    renderWithUser(<ApiTokensPage />, { user: makeUser() })
    expect(await screen.findByText('The API tokens could not be loaded.')).toBeInTheDocument()
  })
})
