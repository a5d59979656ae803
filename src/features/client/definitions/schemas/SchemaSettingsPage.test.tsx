import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiError, setupApiServer } from '../../../../test/api'
import { renderWithRouter } from '../../../../test/render'
import { clientGroupsHandler, makeSchema } from '../test-fixtures'
import { SchemaDetailsPage } from './SchemaDetailsPage'
import { SchemaSettingsPage } from './SchemaSettingsPage'

const usedByTasks = makeSchema({
  tasks: [{ id: 90, description: 'March batch' }],
  task_types: [{ id: 31, name: 'Polish transcription' }],
})

const server = setupApiServer(
  clientGroupsHandler(),
  http.get('/api/client/task-schemas/11/', () => HttpResponse.json(usedByTasks)),
)

async function renameTranscriptLabel(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(await screen.findByRole('button', { name: /^transcript/ }))
  const group = within(screen.getByRole('group', { name: 'Field transcript' }))
  const input = group.getByRole('textbox', { name: 'Label of transcript' })
  await user.clear(input)
  await user.type(input, label)
}

describe('schema settings', () => {
  it('says clearly that the edit became a new version, then opens it', async () => {
    let patch: unknown
    server.use(
      http.patch('/api/client/task-schemas/11/', async ({ request }) => {
        patch = await request.json()
        return HttpResponse.json(makeSchema({ id: 12, version: 2 }))
      }),
    )
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithRouter(<SchemaSettingsPage id={11} />)

    expect(await screen.findByText('Tasks use this version')).toBeVisible()
    await renameTranscriptLabel(user, 'What you hear')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Saved as version 2')).toBeVisible()
    expect(
      screen.getByText(
        'Tasks use version 1, so it stays as it was for them. Task types now use version 2.',
      ),
    ).toBeVisible()
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/client/tasks-definitions/task-schemas/12'),
    )
    expect(router.state.location.search).toEqual({ replaced: 1 })
    expect(patch).toMatchObject({
      name: 'Transcription',
      schema: {
        annotation_schema: {
          transcript: { widget: { config: { component: 'textarea', label: 'What you hear' } } },
        },
      },
    })
  })

  it('keeps an in-place edit on the page', async () => {
    server.use(
      http.patch('/api/client/task-schemas/11/', () =>
        HttpResponse.json(makeSchema({ name: 'Renamed' })),
      ),
    )
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithRouter(<SchemaSettingsPage id={11} />, { path: '/settings' })
    const name = await screen.findByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Renamed')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Saved')).toBeVisible()
    expect(router.state.location.pathname).toBe('/settings')
    expect(screen.queryByText(/Saved as version/)).toBeNull()
  })

  it('explains why a used schema cannot be deleted', async () => {
    server.use(
      http.delete('/api/client/task-schemas/11/', () =>
        apiError(409, 'This schema is used by 1 task type(s) and 1 task(s).', 'conflict'),
      ),
    )
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<SchemaSettingsPage id={11} />)
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Transcription?' }))
    await user.click(dialog.getByRole('button', { name: 'Delete' }))

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      /It is still in use.*This schema is used by 1 task type\(s\) and 1 task\(s\)\./,
    )
  })
})

describe('deleting a schema', () => {
  it('deletes an unused schema after a confirmation and opens the list', async () => {
    let deleted = false
    server.use(
      http.get('/api/client/task-schemas/11/', () => HttpResponse.json(makeSchema())),
      http.delete('/api/client/task-schemas/11/', () => {
        deleted = true
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithRouter(<SchemaSettingsPage id={11} />)
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    expect(deleted).toBe(false)
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Transcription?' }))
    await user.click(dialog.getByRole('button', { name: 'Delete' }))

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/client/tasks-definitions/task-schemas'),
    )
    expect(deleted).toBe(true)
    expect(screen.getByText('Transcription has been deleted.')).toBeVisible()
  })
})

describe('schema details', () => {
  it('tells the new version apart from the one the tasks keep', async () => {
    server.use(
      http.get('/api/client/task-schemas/12/', () =>
        HttpResponse.json(makeSchema({ id: 12, version: 2 })),
      ),
      http.get('/api/client/task-schemas/12/previous-versions/', () =>
        HttpResponse.json([usedByTasks]),
      ),
    )
    renderWithRouter(<SchemaDetailsPage id={12} replacedVersion={1} />)

    expect(await screen.findByText('Saved as a new version')).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Task schema: Transcription' })).toBeVisible()
    const versions = await screen.findByRole('table', { name: 'Previous versions' })
    expect(within(versions).getByRole('link', { name: 'Version 1' })).toBeVisible()
    expect(
      within(screen.getByRole('region', { name: 'Live preview' })).getByRole('textbox', {
        name: 'Transcript',
      }),
    ).toBeVisible()
  })
})
