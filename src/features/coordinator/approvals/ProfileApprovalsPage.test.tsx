import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CoordinatorApproval } from '../../../../contract/coordinator-users'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { coordinationGroupsHandler, keyPage } from '../keys/test-fixtures'
import { ProfileApprovalsPage } from './ProfileApprovalsPage'

const polish = { id: 2, code: 'pl', name: 'Polish' }
const french = { id: 3, code: 'fr', name: 'French' }

const request: CoordinatorApproval = {
  id: 7,
  status: 0,
  created_timestamp: '2030-01-01T10:00:00Z',
  decided_timestamp: null,
  decided_by: null,
  new_languages: [french, polish],
  new_native_languages: [polish],
  new_main_language: french,
  end_worker: {
    id: 21,
    username: 'ola',
    first_name: 'Ola',
    last_name: 'Nowak',
    email: 'ola@example.org',
    languages: [polish],
    native_languages: [polish],
    main_language: polish,
  },
}

const server = setupApiServer(
  coordinationGroupsHandler(),
  http.get('/api/coordinator/profile-approvals/count/', () => HttpResponse.json({ count: 1 })),
)

// Rendering a whole page with its queries takes seconds on a busy machine.
describe('the profile approvals page', { timeout: 15_000 }, () => {
  it('shows the current and the asked-for languages and approves with PATCH', async () => {
    const user = userEvent.setup()
    const seen: URL[] = []
    let body: unknown
    server.use(
      http.get('/api/coordinator/profile-approvals/', ({ request: sent }) => {
        seen.push(new URL(sent.url))
        return HttpResponse.json(keyPage([request]))
      }),
      http.patch('/api/coordinator/profile-approvals/7/', async ({ request: sent }) => {
        body = await sent.json()
        return HttpResponse.json({ ...request, status: 2 })
      }),
    )
    renderWithRouter(<ProfileApprovalsPage search={{}} onSearch={() => {}} />)

    const card = await screen.findByRole('article', { name: 'ola' }, { timeout: 4000 })
    expect(within(card).getByText('Languages: Polish')).toBeInTheDocument()
    expect(within(card).getByText('Languages: French, Polish')).toBeInTheDocument()
    expect(seen.at(-1)?.searchParams.get('status')).toBe('0')
    await user.click(within(card).getByRole('button', { name: 'Approve the change of ola' }))
    await waitFor(() => expect(body).toEqual({ status: 2 }))
    expect(await screen.findByText('The new languages of ola apply now.')).toBeVisible()
  })

  it('rejects the first pending change with the R key', async () => {
    const user = userEvent.setup()
    let body: unknown
    server.use(
      http.get('/api/coordinator/profile-approvals/', () => HttpResponse.json(keyPage([request]))),
      http.patch('/api/coordinator/profile-approvals/7/', async ({ request: sent }) => {
        body = await sent.json()
        return HttpResponse.json({ ...request, status: 3 })
      }),
    )
    renderWithRouter(<ProfileApprovalsPage search={{}} onSearch={() => {}} />)

    await screen.findByRole('article', { name: 'ola' }, { timeout: 4000 })
    await user.keyboard('r')
    await waitFor(() => expect(body).toEqual({ status: 3 }))
    expect(await screen.findByText('ola keeps the former languages.')).toBeVisible()
  })
})
