import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { APPROVAL_STATUS, type CurrentUser } from '../../../contract/auth'
import { makeUser, setupApiServer } from '../../test/api'
import { ProfileTab } from './ProfileTab'
import { languages, makeProfile, renderWithUser } from './test-fixtures'

const server = setupApiServer(http.get('/api/languages/', () => HttpResponse.json(languages)))

function renderProfile(user: CurrentUser) {
  return renderWithUser(<ProfileTab user={user} />, { user })
}

describe('profile tab', () => {
  it('tells a user without a worker profile that there is nothing to fill in', async () => {
    renderProfile(makeUser({ endworker_profile: null }))
    expect(await screen.findByText('No worker profile')).toBeVisible()
    expect(screen.queryByRole('form')).toBeNull()
  })

  it('shows the requested languages while a change waits for a coordinator', async () => {
    renderProfile(
      makeUser({
        endworker_profile: makeProfile({
          approval: {
            id: 4,
            status: APPROVAL_STATUS.PENDING,
            new_main_language: 3,
            new_languages: [2, 3],
            new_native_languages: [1],
          },
        }),
      }),
    )

    expect(await screen.findByText('Waiting for approval')).toBeVisible()
    expect(screen.getByText(/A coordinator must approve this change/)).toBeVisible()
    const requested = screen.getByRole('list', { name: 'Requested languages' })
    expect(within(requested).getByText('Main language: French')).toBeVisible()
    expect(within(requested).getByText('Languages: English, French')).toBeVisible()
    expect(within(requested).getByText('Native languages: Polish')).toBeVisible()
  })

  it.each([
    [APPROVAL_STATUS.AUTOMATIC, 'Approved automatically'],
    [APPROVAL_STATUS.ACCEPTED, 'Approved by a coordinator'],
    [APPROVAL_STATUS.REJECTED, 'Rejected by a coordinator'],
  ] as const)('shows a settled approval (%i) as a badge', async (status, label) => {
    renderProfile(
      makeUser({
        endworker_profile: makeProfile({
          approval: {
            id: 4,
            status,
            new_main_language: null,
            new_languages: [],
            new_native_languages: [],
          },
        }),
      }),
    )
    expect(await screen.findByText(label)).toBeVisible()
    expect(screen.queryByText('Waiting for approval')).toBeNull()
  })

  it('refuses more than 168 hours a week and a future birth year, without asking the server', async () => {
    const user = userEvent.setup()
    let patched = false
    server.use(
      http.patch('/api/auth/current-user/', () => {
        patched = true
        return HttpResponse.json(makeUser())
      }),
    )
    renderProfile(makeUser({ endworker_profile: makeProfile() }))

    const availability = await screen.findByLabelText('Availability (hours a week)')
    await user.clear(availability)
    await user.type(availability, '200')
    await user.type(screen.getByLabelText('Birth year'), '2999')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))

    expect(availability).toHaveAccessibleDescription(expect.stringContaining('Enter at most 168.'))
    expect(availability).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Birth year')).toHaveAccessibleDescription(
      'A birth year cannot be in the future.',
    )
    expect(patched).toBe(false)
  })

  it('sends the profile with ids and shows a server error under its field', async () => {
    const user = userEvent.setup()
    let body: unknown
    server.use(
      http.patch('/api/auth/current-user/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          {
            detail: 'Invalid input.',
            code: 'validation_error',
            fields: { 'endworker_profile.birth_year': ['Birth year is too early for a worker.'] },
          },
          { status: 400 },
        )
      }),
    )
    renderProfile(makeUser({ endworker_profile: makeProfile({ gender: 'female' }) }))

    const birthYear = await screen.findByLabelText('Birth year')
    await user.type(birthYear, '1901')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))

    await waitFor(() =>
      expect(birthYear).toHaveAccessibleDescription('Birth year is too early for a worker.'),
    )
    expect(body).toEqual({
      endworker_profile: {
        main_language: 1,
        languages: [1, 2],
        native_languages: [1],
        gender: 'female',
        birth_year: 1901,
        availability: 20,
      },
    })
    // The field's message is not repeated as a general one.
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('saves, then shows the pending approval the server reports', async () => {
    const user = userEvent.setup()
    server.use(
      http.patch('/api/auth/current-user/', () =>
        HttpResponse.json(
          makeUser({
            endworker_profile: makeProfile({
              availability: 30,
              approval: {
                id: 9,
                status: APPROVAL_STATUS.PENDING,
                new_main_language: 1,
                new_languages: [1, 3],
                new_native_languages: [1],
              },
            }),
          }),
        ),
      ),
    )
    const profileUser = makeUser({ endworker_profile: makeProfile() })
    const { queryClient } = renderProfile(profileUser)
    const availability = await screen.findByLabelText('Availability (hours a week)')
    await user.clear(availability)
    await user.type(availability, '30')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))

    expect(
      await screen.findByText(
        'Your profile has been saved. A coordinator must approve the language changes.',
      ),
    ).toBeVisible()
    expect(
      queryClient.getQueryData<CurrentUser>(['auth', 'current-user'])?.endworker_profile?.approval
        ?.status,
    ).toBe(APPROVAL_STATUS.PENDING)
  })
})
