import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { EndworkerGroup } from '../../../../contract/admin'
import { storage } from '../../../storage'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { EndworkerGroupsPage } from './EndworkerGroupsPage'

const group = (id: number, name: string, overrides: Partial<EndworkerGroup> = {}) => ({
  id,
  name,
  task_group: true,
  review_group: false,
  coordination_group: false,
  members: [],
  coordinators: [],
  managed_groups: [],
  reviewed_by_group: null,
  ...overrides,
})

const nightShift = group(1, 'Night shift', { reviewed_by_group: 3 })
const groups = [
  nightShift,
  group(2, 'Day shift'),
  group(3, 'North reviewers', { task_group: false, review_group: true }),
  group(4, 'South reviewers', { task_group: false, review_group: true }),
  // A review group that reviews as well as being reviewed: it never reviews itself.
  group(5, 'Senior reviewers', { review_group: true }),
]
const page = (results: unknown[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
})

const server = setupApiServer(
  http.get('/api/admin/endworker-groups/', () => HttpResponse.json(page(groups))),
  http.get('/api/admin/users/', () => HttpResponse.json(page([]))),
)

/** Puts each body the form sends in `sent`, answering with `answer` (the saved group by default). */
function recordReplacements(answer?: () => Response) {
  const sent: unknown[] = []
  server.use(
    http.put('/api/admin/endworker-groups/:id/', async ({ request, params }) => {
      const body = (await request.json()) as object
      sent.push(body)
      return answer?.() ?? HttpResponse.json({ id: Number(params.id), ...body })
    }),
  )
  return sent
}

async function openEditForm(name: string) {
  const user = userEvent.setup({ delay: null })
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }))
  const dialog = within(await screen.findByRole('dialog', { name: `Edit ${name}` }))
  return { user, dialog, reviewer: dialog.getByRole('combobox', { name: 'Reviewed by' }) }
}

describe('EndworkerGroupsPage, the reviewing group', () => {
  it('lists it, offers only the other review groups and keeps a new choice as a draft', {
    timeout: 30_000,
  }, async () => {
    const sent = recordReplacements()
    const first = renderWithRouter(<EndworkerGroupsPage />)
    const row = (await screen.findByRole('rowheader', { name: 'Night shift' })).closest('tr')!
    await waitFor(() => expect(row).toHaveTextContent('North reviewers'))

    const { user, reviewer } = await openEditForm('Night shift')
    await waitFor(() => expect(reviewer).toHaveValue('North reviewers'))
    await user.click(reviewer)
    const options = await screen.findAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'North reviewers',
      'South reviewers',
      'Senior reviewers',
    ])
    await user.click(screen.getByRole('option', { name: 'South reviewers' }))

    // A reload before saving: the choice comes back from the draft.
    first.unmount()
    renderWithRouter(<EndworkerGroupsPage />)
    const reopened = await openEditForm('Night shift')
    expect(reopened.dialog.getByText('Unsaved changes restored')).toBeInTheDocument()
    await waitFor(() => expect(reopened.reviewer).toHaveValue('South reviewers'))

    await reopened.user.click(reopened.dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ name: 'Night shift', reviewed_by_group: 4 })
    expect(storage.get('formDrafts')?.['admin:endworker-group:1']).toBeUndefined()
  })

  it('sends null once cleared and shows a refusal under the field', async () => {
    const refusal = 'The group North reviewers is not a review group.'
    const sent = recordReplacements(() =>
      HttpResponse.json(
        {
          detail: `reviewed_by_group: ${refusal}`,
          code: 'validation_error',
          fields: { reviewed_by_group: [refusal] },
        },
        { status: 400 },
      ),
    )
    renderWithRouter(<EndworkerGroupsPage />)
    const { user, dialog, reviewer } = await openEditForm('Night shift')
    await waitFor(() => expect(reviewer).toHaveValue('North reviewers'))
    await user.click(dialog.getByRole('button', { name: 'Clear the review group' }))
    expect(reviewer).toHaveValue('')
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ reviewed_by_group: null })
    expect(await dialog.findByText(refusal)).toBeVisible()
    expect(reviewer).toHaveAttribute('aria-invalid', 'true')
  })

  it('restores a draft kept before the form had the field, starting it from the saved group', async () => {
    // What an older form kept of Night shift: no reviewing group.
    storage.set('formDrafts', {
      'admin:endworker-group:1': {
        name: 'Night shift, renamed',
        task_group: true,
        review_group: false,
        coordination_group: false,
        members: [],
        coordinators: [],
        managed_groups: [],
      },
    })
    const sent = recordReplacements()
    renderWithRouter(<EndworkerGroupsPage />)
    const { user, dialog, reviewer } = await openEditForm('Night shift')
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Night shift, renamed')
    await waitFor(() => expect(reviewer).toHaveValue('North reviewers'))
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ name: 'Night shift, renamed', reviewed_by_group: 3 })
  })
})
