import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CoordinatorUser, QualityStop } from '../../../../contract/coordinator-users'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { coordinationGroupsHandler, keyPage } from '../keys/test-fixtures'
import { UsersListPage } from './UsersListPage'

const polish = { id: 2, code: 'pl', name: 'Polish' }

const worker: CoordinatorUser = {
  id: 21,
  username: 'ola',
  first_name: 'Ola',
  last_name: 'Nowak',
  email: 'ola@example.org',
  date_joined: '2030-01-01T10:00:00Z',
  is_active: true,
  is_sso_account: false,
  is_staff: false,
  ratio: 120,
  alerts: ['NO_NATIVE_LANGUAGE_SET', 'PROFILE_UNDER_APPROVAL'],
  endworker_profile: {
    gender: null,
    birth_year: null,
    main_language: polish,
    native_languages: [],
    languages: [polish],
    availability: 20,
  },
  flagged_items: 3,
  anonymized_timestamp: null,
}

const server = setupApiServer(
  coordinationGroupsHandler(),
  http.options('/api/coordinator/users/', () =>
    HttpResponse.json({ languages: [polish], alerts: [], orderings: [], availability_max: 168 }),
  ),
  http.get('/api/coordinator/users/stats/', () =>
    HttpResponse.json({ count: 1, total_availability: 20 }),
  ),
  http.get('/api/coordinator/users/:id/quality-stops/', () => HttpResponse.json([])),
)

// Rendering a whole page with its queries takes seconds on a busy machine.
describe('the coordinator users list', { timeout: 15_000 }, () => {
  it('shows each user with alerts, languages and ratio, and the totals', async () => {
    const seen: URL[] = []
    server.use(
      http.get('/api/coordinator/users/', ({ request }) => {
        seen.push(new URL(request.url))
        return HttpResponse.json(keyPage([worker]))
      }),
    )
    renderWithRouter(<UsersListPage search={{ has_alerts: true }} onSearch={() => {}} />)

    const row = await screen.findByRole('row', { name: /ola/ }, { timeout: 4000 })
    expect(within(row).getByText('Profile under approval')).toBeInTheDocument()
    expect(within(row).getByText('No native language set')).toBeInTheDocument()
    expect(within(row).getByText('120%')).toBeInTheDocument()
    const flagged = within(row).getByRole('link', { name: 'Flagged work of ola: 3 items' })
    const target = new URL(flagged.getAttribute('href') ?? '', 'http://localhost')
    expect(target.pathname).toBe('/coordinator/item-sets')
    expect(target.searchParams.get('flagged')).toBe('true')
    expect(target.searchParams.get('search')).toBe('ola')
    expect(await screen.findByText('Users: 1 · Total availability: 20 h/week')).toBeVisible()
    expect(seen.at(-1)?.searchParams.get('has_alerts')).toBe('true')
    expect(seen.at(-1)?.searchParams.get('coordination_group')).toBe('3')
  })

  it('anonymizes only after a confirmation that says it cannot be undone', async () => {
    const user = userEvent.setup()
    let anonymized = 0
    server.use(
      http.get('/api/coordinator/users/', () => HttpResponse.json(keyPage([worker]))),
      http.put('/api/coordinator/users/21/anonymize/', () => {
        anonymized += 1
        return HttpResponse.json({
          id: 21,
          username: 'anonymous-21',
          anonymized_timestamp: '2030-01-02T10:00:00Z',
        })
      }),
    )
    renderWithRouter(<UsersListPage search={{}} onSearch={() => {}} />)

    await user.click(
      await screen.findByRole('button', { name: 'Anonymize ola' }, { timeout: 4000 }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Anonymize ola?' })
    expect(dialog).toHaveTextContent('This cannot be undone.')
    expect(anonymized).toBe(0)
    await user.click(within(dialog).getByRole('button', { name: 'Anonymize for good' }))
    await waitFor(() => expect(anonymized).toBe(1))
    expect(await screen.findByText('The account is now anonymous-21.')).toBeVisible()
  })

  it('saves an edit with PATCH', async () => {
    const user = userEvent.setup()
    let body: unknown
    server.use(
      http.get('/api/coordinator/users/', () => HttpResponse.json(keyPage([worker]))),
      http.patch('/api/coordinator/users/21/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ ...worker, is_active: false })
      }),
    )
    renderWithRouter(<UsersListPage search={{}} onSearch={() => {}} />)

    await user.click(await screen.findByRole('button', { name: 'Edit ola' }, { timeout: 4000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the user' })
    await user.click(within(dialog).getByRole('switch', { name: /Active account/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(body).toEqual({
        first_name: 'Ola',
        last_name: 'Nowak',
        email: 'ola@example.org',
        is_active: false,
      }),
    )
  })

  it('lists the user’s quality stops and lets them back in', async () => {
    const user = userEvent.setup()
    const stop: QualityStop = {
      id: 5,
      task_type: { id: 8, name: 'Street transcription' },
      stopped_timestamp: '2030-01-03T10:00:00Z',
      accuracy: 0.4,
      gold_answers: 10,
      released_by: null,
      released_timestamp: null,
    }
    const releasedStop: QualityStop = {
      ...stop,
      released_by: { id: 2, username: 'coco', first_name: '', last_name: '' },
      released_timestamp: '2030-01-04T10:00:00Z',
    }
    let released: unknown
    server.use(
      http.get('/api/coordinator/users/', () =>
        HttpResponse.json(keyPage([{ ...worker, alerts: released ? [] : ['LOW_QUALITY'] }])),
      ),
      http.get('/api/coordinator/users/21/quality-stops/', () =>
        HttpResponse.json([released ? releasedStop : stop]),
      ),
      http.post('/api/coordinator/users/21/quality-release/', async ({ request }) => {
        released = await request.json()
        return HttpResponse.json([releasedStop])
      }),
    )
    renderWithRouter(<UsersListPage search={{}} onSearch={() => {}} />)

    const row = await screen.findByRole('row', { name: /ola/ }, { timeout: 4000 })
    expect(within(row).getByText('Low quality')).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Edit ola' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the user' })
    const stops = await within(dialog).findByRole('region', { name: 'Stopped by the quality gate' })
    expect(within(stops).getByText('Street transcription')).toBeVisible()
    expect(within(stops).getByText(/^40% of 10 control answers right, stopped/)).toBeVisible()
    await user.click(within(stops).getByRole('button', { name: 'Let back in' }))
    await waitFor(() => expect(released).toEqual({ task_type: 8 }))
    expect(
      await within(stops).findByText(/^Let back in by coco on/, {}, { timeout: 4000 }),
    ).toBeVisible()
    expect(within(stops).queryByRole('button', { name: 'Let back in' })).toBeNull()
  })
})
