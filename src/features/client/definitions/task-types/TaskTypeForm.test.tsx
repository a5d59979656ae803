import type { QueryClient } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { TASK_TYPE_DEFAULTS, type TaskTypeStatus } from '../../../../../contract/client-definitions'
import { instanceSettingsHandler, makeInstanceSettings, setupApiServer } from '../../../../test/api'
import { createTestQueryClient, renderWithRouter } from '../../../../test/render'
import { instanceSettingsQuery } from '../../../auth/queries'
import { clientGroupsQuery } from '../../queries/client-groups'
import { acme, clientGroupsHandler, fieldErrors, makeTaskType } from '../test-fixtures'
import { TaskTypeCreatorPage } from './TaskTypeCreatorPage'
import { TaskTypeSettingsPage } from './TaskTypeSettingsPage'

const server = setupApiServer(
  clientGroupsHandler([acme]),
  http.get('/api/client/task-schemas/', ({ request }) => {
    const url = new URL(request.url)
    expect(url.searchParams.get('base')).toBe('true')
    expect(url.searchParams.get('client_group__id')).toBe(String(acme.id))
    return HttpResponse.json([{ id: 11, name: 'Transcription', version: 2 }])
  }),
  http.get('/api/client/task-protocols/', () =>
    HttpResponse.json([{ id: 21, name: 'Guidelines', version: 1 }]),
  ),
  http.get('/api/client/users/', () =>
    HttpResponse.json([{ id: 7, username: 'anna', display_name: '' }]),
  ),
)

async function renderCreator({ queryClient }: { queryClient?: QueryClient } = {}) {
  const user = userEvent.setup({ delay: null })
  const view = renderWithRouter(<TaskTypeCreatorPage />, { path: '/creator', queryClient })
  await screen.findByRole('heading', { name: 'New task type' })
  return { user, ...view }
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }))
  // The definitions load while the list opens; a loaded machine takes seconds for that.
  await user.click(await screen.findByRole('option', { name: option }, { timeout: 5000 }))
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Polish transcription')
  await choose(user, 'Task schema', 'Transcription (version 2)')
  await choose(user, 'Task protocol', 'Guidelines (version 1)')
}

describe('the task type creator', { timeout: 20_000 }, () => {
  it('starts from the documented defaults and sends every setting', async () => {
    let body: unknown
    server.use(
      http.post('/api/client/task-types/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(makeTaskType({ id: 77 }), { status: 201 })
      }),
    )
    const { user, router } = await renderCreator()

    expect(screen.getByRole('textbox', { name: 'Items per set' })).toHaveValue('10')
    expect(screen.getByRole('textbox', { name: 'Items per set' })).toHaveAccessibleDescription(
      'Items; 1 to 1000. Default 10.',
    )
    expect(screen.getByRole('textbox', { name: 'Annotations per item' })).toHaveValue('1')
    expect(screen.getByRole('textbox', { name: 'Share cap per worker' })).toHaveValue('100 %')
    expect(screen.getByRole('switch', { name: /^Review enabled/ })).not.toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Archive finished tasks after' })).toHaveValue('')

    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Create the task type' }))

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/client/tasks-definitions/task-types/77'),
    )
    expect(body).toEqual({
      ...TASK_TYPE_DEFAULTS,
      name: 'Polish transcription',
      client_group: acme.id,
      schema: 11,
      protocol: 21,
    })
  })

  it('protects audio by default on a confidential instance, and shows the choice', async () => {
    let body: unknown
    server.use(
      instanceSettingsHandler(makeInstanceSettings({ public_instance: false })),
      http.post('/api/client/task-types/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(makeTaskType({ id: 77 }), { status: 201 })
      }),
    )
    // As the creator's route loader does.
    const queryClient = createTestQueryClient()
    await Promise.all([
      queryClient.prefetchQuery(clientGroupsQuery()),
      queryClient.prefetchQuery(instanceSettingsQuery()),
    ])
    const { user } = await renderCreator({ queryClient })

    const protect = screen.getByRole('switch', { name: /^Protect audio/ })
    expect(protect).toBeChecked()
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Create the task type' }))

    await waitFor(() => expect(body).toMatchObject({ encrypt_audio: true }))
  })

  it('checks the settings before sending them', async () => {
    let called = false
    server.use(
      http.post('/api/client/task-types/', () => {
        called = true
        return HttpResponse.json(makeTaskType(), { status: 201 })
      }),
    )
    const { user } = await renderCreator()
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Broken')
    const items = screen.getByRole('textbox', { name: 'Items per set' })
    await user.clear(items)
    const probability = screen.getByRole('textbox', { name: 'Review probability' })
    await user.click(screen.getByRole('switch', { name: /^Review enabled/ }))
    await user.clear(probability)
    await user.click(screen.getByRole('button', { name: 'Create the task type' }))

    expect(items).toHaveAccessibleDescription(expect.stringContaining('Enter a number.'))
    expect(probability).toHaveAccessibleDescription(expect.stringContaining('Enter a number.'))
    expect(screen.getByRole('combobox', { name: 'Task schema' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose a task schema.'),
    )
    expect(called).toBe(false)
  })

  it('shows the server refusing a user on both lists under the blacklist', async () => {
    let body: Record<string, unknown> = {}
    server.use(
      http.post('/api/client/task-types/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>
        return fieldErrors({ blacklist: ['User 7 is on the whitelist too; a user may be on one.'] })
      }),
    )
    const { user } = await renderCreator()
    await fillRequired(user)
    await choose(user, 'Whitelist', 'anna')
    await choose(user, 'Blacklist', 'anna')
    await user.click(screen.getByRole('button', { name: 'Create the task type' }))

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Blacklist' })).toHaveAccessibleDescription(
        expect.stringContaining('User 7 is on the whitelist too; a user may be on one.'),
      ),
    )
    expect(body).toMatchObject({ whitelist: [7], blacklist: [7] })
  })
})

describe('the quality control settings', { timeout: 20_000 }, () => {
  it('shows shares as percent and sends them as shares of 1, empty as off', async () => {
    let patch: Record<string, unknown> = {}
    server.use(
      http.get('/api/client/task-types/31/', () =>
        HttpResponse.json(
          makeTaskType({ gold_share: 10, gold_text_max_cer: 0.07, min_gold_accuracy: 0.8 }),
        ),
      ),
      http.patch('/api/client/task-types/31/', async ({ request }) => {
        patch = (await request.json()) as Record<string, unknown>
        return HttpResponse.json(makeTaskType())
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<TaskTypeSettingsPage id={31} />)
    const section = await screen.findByRole('group', { name: 'Quality control' })
    const field = (name: string) => within(section).getByRole('textbox', { name })
    expect(field('Gold share')).toHaveValue('10 %')
    expect(field('Text tolerance')).toHaveValue('7 %')
    expect(field('Minimum gold accuracy')).toHaveValue('80 %')
    expect(field('Accuracy window')).toHaveValue('50')
    expect(field('Minimum time per item')).toHaveValue('')

    await user.clear(field('Gold share'))
    await user.type(field('Gold share'), '25')
    await user.clear(field('Minimum gold accuracy'))
    await user.type(field('Minimum time per item'), '1.5')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    await waitFor(() =>
      expect(patch).toMatchObject({
        gold_share: 25,
        gold_text_max_cer: 0.07,
        gold_window: 50,
        min_gold_accuracy: null,
        min_gold_answers: 10,
        min_seconds_per_item: 1.5,
      }),
    )
  })

  it('asks for the numbers that cannot be off, and shows what the server refuses', async () => {
    let called = 0
    server.use(
      http.get('/api/client/task-types/31/', () => HttpResponse.json(makeTaskType())),
      http.patch('/api/client/task-types/31/', () => {
        called += 1
        return fieldErrors({ gold_window: ['must be at most 10000'] })
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<TaskTypeSettingsPage id={31} />)
    const section = await screen.findByRole('group', { name: 'Quality control' })
    const window = within(section).getByRole('textbox', { name: 'Accuracy window' })
    await user.clear(window)
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(window).toHaveAccessibleDescription(expect.stringContaining('Enter a number.'))
    expect(called).toBe(0)

    await user.type(window, '20')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(window).toHaveAccessibleDescription(expect.stringContaining('must be at most 10000')),
    )
    expect(called).toBe(1)
  })
})

describe('the task type status', () => {
  const offered = async (status: TaskTypeStatus) => {
    server.use(
      http.get('/api/client/task-types/31/', () => HttpResponse.json(makeTaskType({ status }))),
    )
    const user = userEvent.setup({ delay: null })
    const view = renderWithRouter(<TaskTypeSettingsPage id={31} />)
    await user.click(await screen.findByRole('combobox', { name: 'Status' }))
    const options = within(screen.getByRole('listbox')).getAllByRole('option')
    const names = options.map((option) => option.textContent)
    view.unmount()
    return names
  }

  it('offers only the allowed transitions', async () => {
    expect(await offered('CREATED')).toEqual(['Created', 'Draft', 'Active'])
    expect(await offered('DRAFT')).toEqual(['Draft', 'Active'])
    expect(await offered('ACTIVE')).toEqual(['Active', 'Draft'])
  })

  it('sends the new status with the settings', async () => {
    let patch: Record<string, unknown> = {}
    server.use(
      http.get('/api/client/task-types/31/', () =>
        HttpResponse.json(makeTaskType({ status: 'DRAFT' })),
      ),
      http.patch('/api/client/task-types/31/', async ({ request }) => {
        patch = (await request.json()) as Record<string, unknown>
        return HttpResponse.json(makeTaskType({ status: 'ACTIVE' }))
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<TaskTypeSettingsPage id={31} />)
    await user.click(await screen.findByRole('combobox', { name: 'Status' }))
    await user.click(screen.getByRole('option', { name: 'Active' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Saved')).toBeVisible()
    expect(patch).toMatchObject({ status: 'ACTIVE', schema: 11, protocol: 21 })
    expect(patch).not.toHaveProperty('client_group')
  })

  it('activates a created type in one click from its header, saying workers cannot see it before', async () => {
    let status: TaskTypeStatus = 'CREATED'
    let patch: Record<string, unknown> = {}
    server.use(
      http.get('/api/client/task-types/31/', () => HttpResponse.json(makeTaskType({ status }))),
      http.patch('/api/client/task-types/31/', async ({ request }) => {
        patch = (await request.json()) as Record<string, unknown>
        status = 'ACTIVE'
        return HttpResponse.json(makeTaskType({ status }))
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<TaskTypeSettingsPage id={31} />)
    const control = await screen.findByRole('group', { name: 'Task type status' })
    expect(
      screen.getByText('Workers see none of its tasks, even started ones, until it is Active.'),
    ).toBeVisible()
    expect(
      within(control)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Move to draft', 'Activate'])
    await user.click(within(control).getByRole('button', { name: 'Activate' }))

    await waitFor(() =>
      expect(
        within(control)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Move to draft']),
    )
    expect(patch).toEqual({ status: 'ACTIVE' })
    expect(screen.queryByText(/Workers see none of its tasks/)).toBeNull()
  })
})
