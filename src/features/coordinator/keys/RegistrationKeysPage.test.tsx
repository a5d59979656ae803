import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { RegistrationKey } from '../../../../contract/coordinator-keys'
import { apiError, setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { RegistrationKeysPage } from './RegistrationKeysPage'
import { coordinationGroupsHandler, keyPage, northTeam, southTeam } from './test-fixtures'

const server = setupApiServer(coordinationGroupsHandler())

const invitation: RegistrationKey = {
  id: 11,
  email: 'new.person@example.org',
  created_timestamp: '2030-01-01T10:00:00Z',
  expiration_timestamp: '2030-01-15T10:00:00Z',
  accounts_left: 1,
  deactivate_account: false,
  is_endworker: true,
  groups: [3, 8],
  coordination_group: 3,
}

const listHandler = (keys: RegistrationKey[], seen: URL[] = []) =>
  http.get('/api/coordinator/registration-keys/', ({ request }) => {
    seen.push(new URL(request.url))
    return HttpResponse.json(keyPage(keys))
  })

describe('the registration keys page', () => {
  it('lists the keys of the only coordination group, with their groups by name', async () => {
    const seen: URL[] = []
    server.use(listHandler([invitation], seen))
    renderWithRouter(<RegistrationKeysPage />)

    const table = await screen.findByRole('table', { name: 'Registration keys' })
    const row = within(table).getByRole('row', { name: /new\.person@example\.org/ })
    expect(within(row).getByText('North team')).toBeInTheDocument()
    expect(within(row).getByText('North trainees')).toBeInTheDocument()
    await waitFor(() =>
      expect(seen.at(-1)?.searchParams.get('coordination_group')).toBe(String(northTeam.id)),
    )
  })

  it('says when there are no keys, and when they could not be loaded', async () => {
    server.use(listHandler([]))
    const { unmount } = renderWithRouter(<RegistrationKeysPage />)
    expect(await screen.findByText('No registration keys')).toBeInTheDocument()
    unmount()

    server.use(
      http.get('/api/coordinator/registration-keys/', () =>
        apiError(400, 'Bad filter.', 'validation_error'),
      ),
    )
    renderWithRouter(<RegistrationKeysPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('The keys could not be loaded.')
  })

  it('creates a key and shows its link once, ready to copy', async () => {
    const user = userEvent.setup()
    let body: Record<string, unknown> | undefined
    server.use(
      listHandler([]),
      http.post('/api/coordinator/registration-keys/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>
        return HttpResponse.json(
          {
            ...invitation,
            key: 'plain-key',
            link: 'https://crowd.example.org/register?key=plain-key',
          },
          { status: 201 },
        )
      }),
    )
    renderWithRouter(<RegistrationKeysPage />)

    const form = await screen.findByRole('form', { name: 'New registration key' })
    await user.type(within(form).getByLabelText(/^E-mail/), 'new.person@example.org')
    // The expiry shows in the spec's date-time format, not the browser's mm/dd/yyyy.
    expect(within(form).getByRole('button', { name: /^Expires/ })).toHaveTextContent(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    )
    const accounts = within(form).getByRole('textbox', { name: /^Accounts left/ })
    await user.clear(accounts)
    await user.type(accounts, '3')
    await user.click(within(form).getByRole('button', { name: 'Create a registration link' }))

    expect(await screen.findByLabelText('Link')).toHaveValue(
      'https://crowd.example.org/register?key=plain-key',
    )
    expect(screen.getByRole('button', { name: 'Copy the link' })).toBeInTheDocument()
    expect(body).toMatchObject({
      email: 'new.person@example.org',
      accounts_left: 3,
      is_endworker: true,
      deactivate_account: false,
      groups: [northTeam.id],
      coordination_group: northTeam.id,
    })
    expect(new Date(String(body?.expiration_timestamp)).getTime()).toBeGreaterThan(Date.now())

    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByLabelText('Link')).not.toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'New registration key' })).toBeInTheDocument()
  })

  it('shows the server refusal under the field it names', async () => {
    const user = userEvent.setup()
    server.use(
      listHandler([]),
      http.post('/api/coordinator/registration-keys/', () =>
        HttpResponse.json(
          {
            detail: 'groups: not managed',
            code: 'validation_error',
            fields: { groups: ['These groups are not managed by the coordination group.'] },
          },
          { status: 400 },
        ),
      ),
    )
    renderWithRouter(<RegistrationKeysPage />)
    const form = await screen.findByRole('form', { name: 'New registration key' })
    await user.click(within(form).getByRole('button', { name: 'Create a registration link' }))
    expect(
      await screen.findByText('These groups are not managed by the coordination group.'),
    ).toBeInTheDocument()
  })

  it('edits a key with PUT and deletes one after confirmation', async () => {
    const user = userEvent.setup()
    let putBody: Record<string, unknown> | undefined
    let deleted = false
    server.use(
      coordinationGroupsHandler([northTeam, southTeam]),
      listHandler([invitation]),
      http.put('/api/coordinator/registration-keys/11/', async ({ request }) => {
        putBody = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({ ...invitation, accounts_left: 5 })
      }),
      http.delete('/api/coordinator/registration-keys/11/', () => {
        deleted = true
        return new HttpResponse(null, { status: 204 })
      }),
    )
    renderWithRouter(<RegistrationKeysPage />)

    await user.click(
      await screen.findByRole('button', { name: 'Edit the key of new.person@example.org' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Change the registration key' })
    const accounts = within(dialog).getByRole('textbox', { name: /^Accounts left/ })
    await user.clear(accounts)
    await user.type(accounts, '5')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(putBody).toMatchObject({ accounts_left: 5, groups: [3, 8] }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change the registration key' })).toBeNull(),
    )

    await user.click(
      screen.getByRole('button', { name: 'Delete the key of new.person@example.org' }),
    )
    const confirm = await screen.findByRole('dialog', {
      name: 'Delete the registration key of new.person@example.org?',
    })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(deleted).toBe(true))
  })
})
