import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setupApiServer } from '../../../../../test/api'
import { renderWithRouter } from '../../../../../test/render'
import { makeTaskType } from '../../test-fixtures'
import { TaskTypeStatisticsPage } from './TaskTypeStatisticsPage'

const polish = { id: 1, code: 'pl', name: 'Polish' }
const english = { id: 2, code: 'en', name: 'English' }

const languageQueries: URLSearchParams[] = []
const workerQueries: URLSearchParams[] = []

const server = setupApiServer(
  http.get('/api/client/task-types/31/', () => HttpResponse.json(makeTaskType())),
  http.get('/api/client/task-types/31/base-languages/', () =>
    HttpResponse.json([{ ...polish, tasks: 2 }]),
  ),
  http.get('/api/client/task-types/31/target-languages/', () =>
    HttpResponse.json([{ ...english, tasks: 2 }]),
  ),
  http.get('/api/client/task-types/31/language-stats/', ({ request }) => {
    const query = new URL(request.url).searchParams
    languageQueries.push(query)
    const language = query.get('language_type') === 'target' ? english : polish
    return HttpResponse.json([
      { ...language, tasks: 2, items: 120, done_items: 80, annotations: 95 },
    ])
  }),
  http.get('/api/client/task-types/31/endworker-stats/', ({ request }) => {
    workerQueries.push(new URL(request.url).searchParams)
    return HttpResponse.json([
      {
        id: 7,
        username: 'anna',
        annotations_done: 42,
        items: 40,
        worktime: 5025,
        last_annotation: '2026-03-02T08:15:00Z',
      },
    ])
  }),
)

// jsdom lays nothing out; the chart's container needs a size for the bars to be drawn.
beforeEach(() => {
  languageQueries.length = 0
  workerQueries.length = 0
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const sized = this.classList.contains('recharts-responsive-container')
    return DOMRect.fromRect(sized ? { width: 640, height: 280 } : {})
  })
})
afterEach(() => vi.restoreAllMocks())

describe('task type statistics', () => {
  it('draws the language statistics as a bar chart and a table', async () => {
    const { container } = renderWithRouter(<TaskTypeStatisticsPage id={31} />)

    const section = within(await screen.findByRole('region', { name: 'Statistics per language' }))
    const table = await section.findByRole('table', { name: 'Statistics per language' })
    expect(within(table).getByRole('row', { name: /Polish pl 2 120 80 95/ })).toBeVisible()
    // One bar per series (items, done items, annotations) for the one language.
    await waitFor(() =>
      expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3),
    )
    expect(languageQueries[0]?.get('language_type')).toBe('base')
  })

  it('switches to target languages', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<TaskTypeStatisticsPage id={31} />)
    await screen.findByRole('table', { name: 'Statistics per language' })

    await user.click(screen.getByRole('radio', { name: 'Target languages' }))

    const table = screen.getByRole('table', { name: 'Statistics per language' })
    await waitFor(() => expect(within(table).getByText('English')).toBeVisible())
    expect(languageQueries.at(-1)?.get('language_type')).toBe('target')
  })

  it('lists the workers, filtered by language', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithRouter(<TaskTypeStatisticsPage id={31} />)

    const table = await screen.findByRole('table', { name: 'Statistics per worker' })
    expect(within(table).getByRole('row', { name: /anna 42 40 1:23:45/ })).toBeVisible()

    await user.click(screen.getByRole('combobox', { name: 'Base language' }))
    await user.click(await screen.findByRole('option', { name: 'Polish' }))
    await waitFor(() => expect(workerQueries.at(-1)?.get('base_language_id')).toBe('1'))
  })

  it('shows why a time frame is refused', async () => {
    server.use(
      http.get('/api/client/task-types/31/endworker-stats/', () =>
        HttpResponse.json(
          { detail: 'timeframe_end: must come after timeframe_start', code: 'validation_error' },
          { status: 400 },
        ),
      ),
    )
    renderWithRouter(<TaskTypeStatisticsPage id={31} />)
    expect(await screen.findByText('timeframe_end: must come after timeframe_start')).toBeVisible()
  })
})
