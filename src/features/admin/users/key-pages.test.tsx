import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { EveryKeyView } from '../../coordinator/keys/every-key'
import { RegistrationKeysPage } from '../../coordinator/keys/RegistrationKeysPage'
import { ResetKeysPage } from '../../coordinator/keys/ResetKeysPage'
import { coordinationGroupsHandler, keyPage } from '../../coordinator/keys/test-fixtures'

// One coordination group, which the coordinator pages would preselect and lock.
const server = setupApiServer(coordinationGroupsHandler())

describe('the key screens in the admin panel', () => {
  it('list every key and make keys of no coordination group', async () => {
    const user = userEvent.setup()
    const listed: URLSearchParams[] = []
    let body: unknown
    server.use(
      http.get('/api/coordinator/reset-password-keys/', ({ request }) => {
        listed.push(new URL(request.url).searchParams)
        return HttpResponse.json(keyPage([]))
      }),
      http.post('/api/coordinator/reset-password-keys/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          {
            id: 1,
            email: 'ann@example.org',
            created_timestamp: '2030-01-01T10:00:00Z',
            expiration_timestamp: '2030-01-04T10:00:00Z',
            is_used: false,
            coordination_group: null,
            key: 'k',
            link: 'http://x/reset?key=k',
          },
          { status: 201 },
        )
      }),
    )
    renderWithRouter(
      <EveryKeyView>
        <ResetKeysPage />
      </EveryKeyView>,
    )

    await waitFor(() => expect(listed).toHaveLength(1))
    expect(listed[0]?.has('coordination_group')).toBe(false)
    const form = await screen.findByRole('form', { name: 'New password reset key' })
    expect(screen.queryByLabelText('Coordination group')).toBeNull()
    await user.type(
      within(form).getByRole('textbox', { name: 'E-mail of the account' }),
      'ann@example.org',
    )
    await user.click(within(form).getByRole('button', { name: 'Create a reset link' }))
    await waitFor(() =>
      expect(body).toEqual({ email: 'ann@example.org', coordination_group: null }),
    )
  })

  it('offer every group, not only a coordination group and those it manages, for new accounts', async () => {
    const user = userEvent.setup()
    const group = (id: number, name: string, coordination: boolean) => ({
      id,
      name,
      review_group: false,
      coordination_group: coordination,
      task_group: true,
      user_set: [],
      members: [],
      editable: true,
    })
    server.use(
      http.get('/api/coordinator/registration-keys/', () => HttpResponse.json(keyPage([]))),
      http.get('/api/coordinator/groups-all/', () =>
        HttpResponse.json([group(3, 'North team', true), group(21, 'Night shift', false)]),
      ),
    )
    renderWithRouter(
      <EveryKeyView>
        <RegistrationKeysPage />
      </EveryKeyView>,
    )

    const form = await screen.findByRole('form', { name: 'New registration key' })
    await user.click(within(form).getByRole('combobox', { name: 'Groups the new accounts join' }))
    expect(await screen.findByRole('option', { name: 'Night shift' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'North team' })).toBeInTheDocument()
  })
})
