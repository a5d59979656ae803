import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { GroupWithMembers, UserBase } from '../../../../contract/coordinator-users'
import { apiError, setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { GroupsPage } from './GroupsPage'

const ola: UserBase = { id: 21, username: 'ola', first_name: 'Ola', last_name: 'Nowak' }
const max: UserBase = { id: 22, username: 'max', first_name: 'Max', last_name: 'Lis' }
const zoe: UserBase = { id: 23, username: 'zoe', first_name: 'Zoe', last_name: 'Adams' }

const group = (overrides: Partial<GroupWithMembers>): GroupWithMembers => ({
  id: 3,
  name: 'North team',
  review_group: false,
  coordination_group: true,
  task_group: true,
  user_set: [ola.id, max.id],
  members: [ola, max],
  editable: true,
  ...overrides,
})

const north = group({})
const managed = group({
  id: 4,
  name: 'Night shift',
  coordination_group: false,
  user_set: [zoe.id],
  members: [zoe],
  editable: false,
})

const server = setupApiServer()

/** The server's groups, with a PATCH that stores what it is sent; answers the bodies it got. */
function groupsServer(patchAnswer?: () => Response) {
  let groups = [north, managed]
  const bodies: unknown[] = []
  server.use(
    http.get('/api/coordinator/groups-all/', () => HttpResponse.json(groups)),
    http.get('/api/coordinator/users/', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? ''
      const users = [ola, max, zoe].filter((user) => user.first_name.toLowerCase().includes(search))
      return HttpResponse.json(users)
    }),
    http.patch('/api/coordinator/groups-all/3/', async ({ request }) => {
      const body = (await request.json()) as { user_set: number[] }
      bodies.push(body)
      const refused = patchAnswer?.()
      if (refused) return refused
      const members = [ola, max, zoe].filter((user) => body.user_set.includes(user.id))
      const saved = { ...north, user_set: body.user_set, members }
      groups = [saved, managed]
      return HttpResponse.json(saved)
    }),
  )
  return bodies
}

const members = () => screen.getByRole('region', { name: 'Members of North team' })

async function addMember(user: ReturnType<typeof userEvent.setup>, search: string, name: string) {
  await user.type(within(members()).getByRole('combobox', { name: 'Add a member' }), search)
  await user.click(await screen.findByRole('option', { name }, { timeout: 3000 }))
}

// Rendering a whole page with its queries takes seconds on a busy machine.
describe('the coordinator groups page', { timeout: 20_000 }, () => {
  it('adds a member found by name and removes one, then saves the whole list', async () => {
    const user = userEvent.setup()
    const bodies = groupsServer()
    renderWithRouter(<GroupsPage group={undefined} onGroup={() => {}} />)

    const list = await screen.findByRole('region', { name: 'Members of North team' })
    expect(within(list).getByText('2 members')).toBeInTheDocument()
    await addMember(user, 'zo', 'Zoe Adams (zoe)')
    await user.click(within(members()).getByRole('button', { name: 'Remove max' }))
    expect(within(members()).getByText('1 to add, 1 to remove')).toBeInTheDocument()
    expect(within(members()).getByRole('listitem', { name: 'Zoe Adams (zoe)' })).toHaveTextContent(
      'To add',
    )
    await user.click(within(members()).getByRole('button', { name: 'Save members' }))

    await waitFor(() => expect(bodies).toEqual([{ user_set: [ola.id, zoe.id] }]))
    await waitFor(() => expect(within(members()).getByText('2 members')).toBeInTheDocument())
    expect(within(members()).queryByText(/to add/)).not.toBeInTheDocument()
    expect(within(members()).queryByRole('listitem', { name: 'Max Lis (max)' })).toBeNull()
    expect(JSON.parse(localStorage.getItem('formDrafts') ?? '{}')).toEqual({})
  })

  it('keeps an unsaved change across a reload, and discards it on request', async () => {
    const user = userEvent.setup()
    const bodies = groupsServer()
    const first = renderWithRouter(<GroupsPage group={undefined} onGroup={() => {}} />)
    await screen.findByRole('region', { name: 'Members of North team' })
    await user.click(within(members()).getByRole('button', { name: 'Remove ola' }))
    await addMember(user, 'zo', 'Zoe Adams (zoe)')
    first.unmount()

    renderWithRouter(<GroupsPage group={undefined} onGroup={() => {}} />)
    const restored = await screen.findByRole('alert', { name: 'Unsaved changes restored' })
    expect(within(members()).getByText('1 to add, 1 to remove')).toBeInTheDocument()
    expect(within(members()).getByRole('button', { name: 'Keep ola' })).toBeInTheDocument()
    await user.click(within(restored).getByRole('button', { name: 'Discard them' }))
    expect(within(members()).queryByText(/to add/)).not.toBeInTheDocument()
    expect(within(members()).getByRole('button', { name: 'Remove ola' })).toBeInTheDocument()
    expect(bodies).toEqual([])
  })

  it("shows the server's refusal under the member field and keeps the change", async () => {
    const user = userEvent.setup()
    groupsServer(() =>
      HttpResponse.json(
        {
          detail: 'Invalid body.',
          code: 'validation_error',
          fields: { user_set: ['Not among the users you coordinate: 23.'] },
        },
        { status: 400 },
      ),
    )
    renderWithRouter(<GroupsPage group={undefined} onGroup={() => {}} />)
    await screen.findByRole('region', { name: 'Members of North team' })
    await addMember(user, 'zo', 'Zoe Adams (zoe)')
    await user.click(within(members()).getByRole('button', { name: 'Save members' }))

    expect(
      await within(members()).findByText('Not among the users you coordinate: 23.'),
    ).toBeInTheDocument()
    expect(within(members()).getByRole('combobox', { name: 'Add a member' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(within(members()).getByText('1 to add, 0 to remove')).toBeInTheDocument()
  })

  it('says what went wrong when saving fails for another reason', async () => {
    const user = userEvent.setup()
    groupsServer(() => apiError(409, 'The group changed meanwhile.', 'conflict'))
    renderWithRouter(<GroupsPage group={undefined} onGroup={() => {}} />)
    await screen.findByRole('region', { name: 'Members of North team' })
    await user.click(within(members()).getByRole('button', { name: 'Remove max' }))
    await user.click(within(members()).getByRole('button', { name: 'Save members' }))
    expect(await within(members()).findByRole('alert')).toHaveTextContent(
      'The group changed meanwhile.',
    )
  })

  it('shows the members of a managed group without letting them be changed', async () => {
    const user = userEvent.setup()
    groupsServer()
    const chosen: number[] = []
    const page = (group: number | undefined) => (
      <GroupsPage group={group} onGroup={(id) => chosen.push(id)} />
    )
    const first = renderWithRouter(page(undefined))
    await screen.findByRole('region', { name: 'Members of North team' })
    await user.click(screen.getByRole('combobox', { name: 'Group' }))
    await user.click(await screen.findByRole('option', { name: 'Night shift (tasks)' }))
    expect(chosen).toEqual([managed.id])
    first.unmount()
    renderWithRouter(page(managed.id))
    const list = await screen.findByRole('region', { name: 'Members of Night shift' })
    expect(within(list).getByRole('listitem', { name: 'Zoe Adams (zoe)' })).toBeInTheDocument()
    expect(
      within(list).getByText('You can change the members of the groups you coordinate only.'),
    ).toBeInTheDocument()
    expect(within(list).queryByRole('button')).toBeNull()
  })
})
