import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ResetKey } from '../../../../contract/coordinator-keys'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { ResetKeysPage } from './ResetKeysPage'
import { coordinationGroupsHandler, keyPage, northTeam, southTeam } from './test-fixtures'

const server = setupApiServer(coordinationGroupsHandler())

const resetKey = (id: number, overrides: Partial<ResetKey> = {}): ResetKey => ({
  id,
  email: `worker${id}@example.org`,
  created_timestamp: '2030-01-01T10:00:00Z',
  expiration_timestamp: '2999-01-04T10:00:00Z',
  is_used: false,
  coordination_group: 3,
  ...overrides,
})

describe('the password reset keys page', () => {
  it('shows each key with its state and pages on with the next link', async () => {
    const user = userEvent.setup()
    const offsets: (string | null)[] = []
    server.use(
      http.get('/api/coordinator/reset-password-keys/', ({ request }) => {
        const offset = new URL(request.url).searchParams.get('offset')
        offsets.push(offset)
        return offset === '0'
          ? HttpResponse.json({
              ...keyPage([resetKey(1, { is_used: true }), resetKey(2)], 'http://x/next'),
              count: 3,
            })
          : HttpResponse.json({
              ...keyPage([resetKey(3, { expiration_timestamp: '2000-01-01T00:00:00Z' })]),
              count: 3,
            })
      }),
    )
    renderWithRouter(<ResetKeysPage />)

    const table = await screen.findByRole('table', { name: 'Password reset keys' })
    expect(within(table).getByRole('row', { name: /worker1@example\.org/ })).toHaveTextContent(
      'Used',
    )
    expect(within(table).getByRole('row', { name: /worker2@example\.org/ })).toHaveTextContent(
      'Usable',
    )
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('row', { name: /worker3@example\.org/ })).toHaveTextContent(
      'Expired',
    )
    expect(offsets).toContain('20')
  })

  it('creates a key for an e-mail in the selected coordination group and shows its link', async () => {
    const user = userEvent.setup()
    let body: unknown
    server.use(
      coordinationGroupsHandler([northTeam, southTeam]),
      http.get('/api/coordinator/reset-password-keys/', () => HttpResponse.json(keyPage([]))),
      http.post('/api/coordinator/reset-password-keys/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          { ...resetKey(9), key: 'k', link: 'https://crowd.example.org/reset?key=k' },
          { status: 201 },
        )
      }),
    )
    renderWithRouter(<ResetKeysPage />, { path: `/?coordination_group=${southTeam.id}` })

    expect(await screen.findByText('No password reset keys')).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'New password reset key' })
    await user.type(within(form).getByLabelText(/^E-mail of the account/), 'worker9@example.org')
    await user.click(within(form).getByRole('button', { name: 'Create a reset link' }))

    expect(await screen.findByLabelText('Link')).toHaveValue(
      'https://crowd.example.org/reset?key=k',
    )
    expect(body).toEqual({ email: 'worker9@example.org', coordination_group: southTeam.id })
  })

  it('checks the e-mail before sending anything', async () => {
    const user = userEvent.setup()
    server.use(
      http.get('/api/coordinator/reset-password-keys/', () => HttpResponse.json(keyPage([]))),
    )
    renderWithRouter(<ResetKeysPage />)
    const form = await screen.findByRole('form', { name: 'New password reset key' })
    await user.type(within(form).getByLabelText(/^E-mail of the account/), 'not an address')
    await user.click(within(form).getByRole('button', { name: 'Create a reset link' }))
    await waitFor(() =>
      expect(within(form).getByLabelText(/^E-mail of the account/)).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    )
  })

  it('keeps a half-typed e-mail across a reload and forgets it once the key is made', async () => {
    const user = userEvent.setup()
    server.use(
      http.get('/api/coordinator/reset-password-keys/', () => HttpResponse.json(keyPage([]))),
      http.post('/api/coordinator/reset-password-keys/', () =>
        HttpResponse.json(
          { ...resetKey(9), key: 'k', link: 'https://crowd.example.org/reset?key=k' },
          { status: 201 },
        ),
      ),
    )
    const first = renderWithRouter(<ResetKeysPage />)
    const form = await screen.findByRole('form', { name: 'New password reset key' })
    await user.type(within(form).getByLabelText(/^E-mail of the account/), 'draft@example.org')
    first.unmount()

    renderWithRouter(<ResetKeysPage />)
    const restored = await screen.findByRole('form', { name: 'New password reset key' })
    expect(within(restored).getByLabelText(/^E-mail of the account/)).toHaveValue(
      'draft@example.org',
    )
    await user.click(within(restored).getByRole('button', { name: 'Create a reset link' }))
    await screen.findByLabelText('Link')
    expect(JSON.parse(localStorage.getItem('formDrafts') ?? '{}')).not.toHaveProperty(
      'coordinator.reset-key',
    )
  })
})
