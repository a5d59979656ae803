import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { coordinationGroupsHandler } from '../../coordinator/keys/test-fixtures'
import { WorktimeExportsPage } from './WorktimeExportsPage'

const DRAFT = 'timelogs.worktime-export'

const server = setupApiServer(
  coordinationGroupsHandler(),
  http.get('/api/coordinator/worktime-exports/', () =>
    HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
  http.get('/api/coordinator/worktime-exports/stats/', () =>
    HttpResponse.json({ count: 0, processing: 0, finished: 0, failed: 0 }),
  ),
  http.options('/api/timelogs/intervals/', () =>
    HttpResponse.json({
      timelog_types: [{ id: 5, name: 'Training', is_bonus_break: false }],
      item_sets: [],
      tasks: [],
      protocols: [],
    }),
  ),
  http.get('/api/coordinator/users/', () =>
    HttpResponse.json([{ id: 41, username: 'ada', first_name: 'Ada', last_name: 'L' }]),
  ),
  http.get('/api/coordinator/task-types/', () =>
    HttpResponse.json([{ id: 12, name: 'Transcription' }]),
  ),
  http.get('/api/coordinator/projects/', () => HttpResponse.json([{ id: 7, name: 'Harbour' }])),
)

const storedDraft = () => JSON.parse(localStorage.getItem('formDrafts') ?? '{}')[DRAFT]

describe('the work time export form', () => {
  it('asks for the days before sending anything', async () => {
    const user = userEvent.setup()
    let created = 0
    server.use(
      http.post('/api/coordinator/worktime-exports/', () => {
        created += 1
        return HttpResponse.json({}, { status: 201 })
      }),
    )
    renderWithRouter(<WorktimeExportsPage />)
    const form = await screen.findByRole('form', { name: 'New work time export' })
    await user.click(within(form).getByRole('button', { name: 'Export work time' }))

    expect(await within(form).findByText('Pick the days to export.')).toBeInTheDocument()
    expect(created).toBe(0)
  })

  it('keeps the choices across a reload and sends them with the days', async () => {
    const user = userEvent.setup()
    localStorage.setItem(
      'formDrafts',
      JSON.stringify({ [DRAFT]: { range: ['2026-11-02', '2026-11-03'], groups: ['3'] } }),
    )
    const bodies: unknown[] = []
    server.use(
      http.post('/api/coordinator/worktime-exports/', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ detail: 'refused in this test' }, { status: 400 })
      }),
    )
    const first = renderWithRouter(<WorktimeExportsPage />)
    const form = await screen.findByRole('form', { name: 'New work time export' })
    await user.click(await within(form).findByRole('combobox', { name: 'Projects' }))
    await user.click(await screen.findByRole('option', { name: 'Harbour' }))
    await waitFor(() => expect(storedDraft()?.projects).toEqual(['7']))
    first.unmount()

    renderWithRouter(<WorktimeExportsPage />)
    const restored = await screen.findByRole('form', { name: 'New work time export' })
    await user.click(within(restored).getByRole('button', { name: 'Export work time' }))

    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ groups: [3], projects: [7], users: [], task_types: [] })
    const { start, end } = bodies[0] as { start: string; end: string }
    expect(Date.parse(end) - Date.parse(start)).toBe(2 * 24 * 3600 * 1000)
    // A refused export keeps the draft for another try.
    expect(storedDraft()?.projects).toEqual(['7'])
  })
})
