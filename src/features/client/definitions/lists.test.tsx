import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { SchemasListPage } from './schemas/SchemasListPage'
import { TaskTypeDetailsPage } from './task-types/TaskTypeDetailsPage'
import { TaskTypesListPage } from './task-types/TaskTypesListPage'
import { acme, clientGroupsHandler, globex, makeSchema, makeTaskType } from './test-fixtures'

const server = setupApiServer(clientGroupsHandler([acme, globex]))

const page = <T,>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
})

describe('definition lists', () => {
  it('list schemas with their group and use, and page, search and filter on the server', async () => {
    const queries: Record<string, string>[] = []
    server.use(
      http.get('/api/client/task-schemas/', ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams))
        return HttpResponse.json(
          page(
            [
              makeSchema({
                task_types: [{ id: 31, name: 'Polish transcription' }],
                tasks: [{ id: 90, description: 'March batch' }],
              }),
            ],
            23,
          ),
        )
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<SchemasListPage />, { path: `/list?client_group=${globex.id}` })

    const table = await screen.findByRole('table', { name: 'Task schemas' })
    const row = within(table).getByRole('row', { name: /Transcription/ })
    expect(within(row).getByRole('link', { name: 'Transcription' })).toHaveAttribute(
      'href',
      '/client/tasks-definitions/task-schemas/11',
    )
    expect(row).toHaveTextContent('acme')
    expect(row).toHaveTextContent('1 task type, 1 task')
    expect(queries[0]).toEqual({
      client_group__id: String(globex.id),
      ordering: '-created_timestamp',
      offset: '0',
      limit: '10',
    })

    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ offset: '20' }))

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'trans')
    // A new search starts again from the first page.
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'trans', offset: '0' }))
  })

  it('says when there is nothing yet', async () => {
    server.use(http.get('/api/client/task-schemas/', () => HttpResponse.json(page([]))))
    renderWithRouter(<SchemasListPage />)
    expect(await screen.findByText('No task schemas yet')).toBeVisible()
  })

  it('list task types with status, versions, tasks and whether they can be removed', async () => {
    server.use(
      http.get('/api/client/task-types/', () =>
        HttpResponse.json(
          page([
            makeTaskType({
              status: 'ACTIVE',
              active_tasks: 4,
              archived_tasks: 2,
              removable: false,
            }),
          ]),
        ),
      ),
    )
    renderWithRouter(<TaskTypesListPage />)
    const table = await screen.findByRole('table', { name: 'Task types' })
    const cells = within(within(table).getByRole('row', { name: /Polish transcription/ }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual([
      'Polish transcription',
      'Active',
      'acme',
      'Transcription v1',
      'Guidelines v1',
      '4',
      '2',
      'No',
    ])
  })
})

describe('task type details', () => {
  it('shows the languages with their task counts and the ways on', async () => {
    server.use(
      http.get('/api/client/task-types/31/', () => HttpResponse.json(makeTaskType())),
      http.get('/api/client/task-types/31/base-languages/', () =>
        HttpResponse.json([{ id: 1, code: 'pl', name: 'Polish', tasks: 3 }]),
      ),
      http.get('/api/client/task-types/31/target-languages/', () => HttpResponse.json([])),
    )
    renderWithRouter(<TaskTypeDetailsPage id={31} />)

    const base = await screen.findByRole('region', { name: 'Base languages' })
    expect(await within(base).findByText('Polish (pl): 3 tasks')).toBeVisible()
    const target = screen.getByRole('region', { name: 'Target languages' })
    expect(await within(target).findByText('No tasks yet.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Upload data' })).toHaveAttribute(
      'href',
      '/client/tasks-definitions/task-types/31/upload',
    )
    expect(screen.getByRole('link', { name: 'Statistics' })).toHaveAttribute(
      'href',
      '/client/tasks-definitions/task-types/31/statistics',
    )
    // A type without tasks can be deleted.
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible()
  })
})
