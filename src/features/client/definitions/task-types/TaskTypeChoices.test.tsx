import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { PickerUser } from '../../../../../contract/client-pickers'
import { apiError, setupApiServer } from '../../../../test/api'
import { renderWithRouter } from '../../../../test/render'
import { acme, clientGroupsHandler, makeTaskType } from '../test-fixtures'
import { TaskTypeCreatorPage } from './TaskTypeCreatorPage'
import { TaskTypeSettingsPage } from './TaskTypeSettingsPage'

const people: PickerUser[] = [
  { id: 8, username: 'ada_l', display_name: 'Ada Lovelace' },
  { id: 9, username: 'grace', display_name: 'Grace Hopper' },
]

/** The searches the users picker sent, in order. */
let searches: string[] = []

const server = setupApiServer(
  clientGroupsHandler([acme]),
  http.get('/api/client/task-schemas/', () =>
    HttpResponse.json([{ id: 11, name: 'Transcription', version: 1 }]),
  ),
  http.get('/api/client/task-protocols/', () =>
    HttpResponse.json([{ id: 21, name: 'Guidelines', version: 1 }]),
  ),
  http.get('/api/client/users/', ({ request }) => {
    const search = new URL(request.url).searchParams.get('search') ?? ''
    searches.push(search)
    const text = search.toLowerCase()
    return HttpResponse.json(
      people.filter((person) =>
        `${person.username} ${person.display_name}`.toLowerCase().includes(text),
      ),
    )
  }),
  http.get('/api/client/limiters/', () => HttpResponse.json([])),
)

async function open(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: label }))
}

/** The names on the pills of a picker: the elements beside its search box. */
function chosenIn(label: string) {
  const input = screen.getByRole('combobox', { name: label })
  return [...(input.parentElement?.children ?? [])]
    .filter((element) => element !== input)
    .map((element) => element.textContent)
}

describe('the task type pickers', () => {
  it('finds a user by name and saves their id', async () => {
    searches = []
    let body: Record<string, unknown> = {}
    server.use(
      http.post('/api/client/task-types/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>
        return HttpResponse.json(makeTaskType({ id: 77 }), { status: 201 })
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<TaskTypeCreatorPage />, { path: '/creator' })
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Reading')
    await user.click(screen.getByRole('combobox', { name: 'Task schema' }))
    await user.click(await screen.findByRole('option', { name: 'Transcription (version 1)' }))
    await user.click(screen.getByRole('combobox', { name: 'Task protocol' }))
    await user.click(await screen.findByRole('option', { name: 'Guidelines (version 1)' }))
    expect(searches).toEqual([])

    await open(user, 'Deputies')
    expect(await screen.findByRole('option', { name: /^grace/ })).toBeVisible()
    await user.type(screen.getByRole('combobox', { name: 'Deputies' }), 'lovel')
    await waitFor(() => expect(screen.queryByRole('option', { name: /^grace/ })).toBeNull())
    const ada = screen.getByRole('option', { name: /^ada_l/ })
    expect(ada).toHaveTextContent('Ada Lovelace')
    // Searched once typing paused, not once per letter.
    expect(searches.at(-1)).toBe('lovel')
    expect(searches).not.toEqual(expect.arrayContaining(['l', 'lo', 'lov', 'love']))
    await user.click(ada)

    expect(chosenIn('Deputies')).toEqual(['ada_l'])
    await user.click(screen.getByRole('button', { name: 'Create the task type' }))
    await waitFor(() => expect(body).toMatchObject({ deputy: [8], whitelist: [], blacklist: [] }))
  })

  it('shows the saved choices by name without asking the server', async () => {
    searches = []
    let patch: Record<string, unknown> = {}
    const saved = makeTaskType({
      whitelist: [{ id: 7, username: 'anna' }],
      task_groups: [{ id: 1, group: { id: 12, name: 'Polish team' } }],
      projects: [
        { id: 4, name: 'Zoo sounds' },
        { id: 5, name: 'Street noise' },
      ],
      default_project: { id: 5, name: 'Street noise' },
      limiters: [{ id: 2, name: 'per-day' }],
    })
    server.use(
      http.get('/api/client/task-types/31/', () => HttpResponse.json(saved)),
      http.patch('/api/client/task-types/31/', async ({ request }) => {
        patch = (await request.json()) as Record<string, unknown>
        return HttpResponse.json(saved)
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<TaskTypeSettingsPage id={31} />)
    await screen.findByRole('group', { name: 'Workers' })
    expect(chosenIn('Whitelist')).toEqual(['anna'])
    expect(chosenIn('Task groups')).toEqual(['Polish team'])
    expect(chosenIn('Projects')).toEqual(['Zoo sounds', 'Street noise'])
    expect(chosenIn('Limiters')).toEqual(['per-day'])
    expect(screen.getByRole('combobox', { name: 'Default project' })).toHaveValue('Street noise')
    expect(searches).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(patch).toMatchObject({
        whitelist: [7],
        task_groups: [12],
        projects: [4, 5],
        default_project: 5,
        limiters: [2],
      }),
    )
  })

  it('says when there is nothing to choose, nothing matches, or the list failed', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<TaskTypeCreatorPage />, { path: '/creator' })
    await screen.findByRole('textbox', { name: 'Name' })

    await open(user, 'Limiters')
    expect(await screen.findByText('There are no limiters yet.')).toBeVisible()
    await user.type(screen.getByRole('combobox', { name: 'Whitelist' }), 'nobody')
    expect(await screen.findByText('Nothing matches “nobody”.')).toBeVisible()

    server.use(http.get('/api/client/projects/', () => apiError(500, 'Broken.')))
    await open(user, 'Projects')
    expect(
      await screen.findByText('The choices could not be loaded. Close the list and try again.'),
    ).toBeVisible()
  })
})
