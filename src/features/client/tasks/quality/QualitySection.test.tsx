import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TaskQuality } from '../../../../../contract/quality'
import { apiError, setupApiServer } from '../../../../test/api'
import { screenOfWidth } from '../../../../test/media-queries'
import { renderWithRouter } from '../../../../test/render'
import QualitySection from './QualitySection'
import { alphaReading } from './reading'

const QUALITY: TaskQuality = {
  fields: {
    label: { alpha: 0.912, percent_agreement: 0.95, items: 120, values: 360 },
    ok: { alpha: 0.7, percent_agreement: 0.9, items: 118, values: 354 },
    'tags.music': { alpha: 0.31, percent_agreement: 0.6, items: 120, values: 360 },
    score: { alpha: null, percent_agreement: 1, items: 3, values: 6 },
  },
  workers: [
    {
      id: 7,
      username: 'anna',
      gold_answers: 40,
      gold_accuracy: 0.9,
      gold_ci95: [0.769, 0.96],
      agreement: 0.85,
      flagged_items: 0,
    },
    {
      id: 8,
      username: 'boris',
      gold_answers: 0,
      gold_accuracy: null,
      gold_ci95: null,
      agreement: null,
      flagged_items: 3,
    },
  ],
  gold: { items: 12, answers: 40 },
}

const server = setupApiServer(
  http.get('/api/client/tasks/41/quality/', () => HttpResponse.json(QUALITY)),
)

const renderSection = () => renderWithRouter(<QualitySection taskId={41} />)

const rowOf = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('rowheader', { name }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('the Quality tab', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads α as reliable, tentative or unreliable at the contract thresholds', () => {
    expect(alphaReading(0.8)).toBe('reliable')
    expect(alphaReading(0.799)).toBe('tentative')
    expect(alphaReading(0.667)).toBe('tentative')
    expect(alphaReading(0.666)).toBe('unreliable')
    expect(alphaReading(null)).toBe('unknown')
  })

  it('shows α per field with its reading, and gold accuracy, interval and flags per worker', async () => {
    screenOfWidth(1280)
    renderSection()

    const fields = await screen.findByRole('table', { name: 'Agreement per field' })
    expect(rowOf(fields, 'label')).toEqual(['0.912', 'Reliable', '95%', '120', '360'])
    expect(rowOf(fields, 'ok')).toEqual(['0.7', 'Tentative', '90%', '118', '354'])
    expect(rowOf(fields, 'tags.music')).toEqual(['0.31', 'Unreliable', '60%', '120', '360'])
    expect(rowOf(fields, 'score')).toEqual(['—', 'Not measurable', '100%', '3', '6'])

    const workers = screen.getByRole('table', { name: 'Quality per worker' })
    expect(rowOf(workers, 'anna')).toEqual(['40', '90%', '77% – 96%', '85%', '0'])
    expect(rowOf(workers, 'boris')).toEqual(['0', '—', '—', '—', '3'])
    expect(screen.getByRole('figure', { name: 'Gold accuracy per worker' })).toBeInTheDocument()
    expect(screen.getByText('Gold items').nextSibling).toHaveTextContent('12')
    expect(screen.getByText('Gold answers', { selector: 'p' }).nextSibling).toHaveTextContent('40')
  })

  it('shows each worker as a card on a phone', async () => {
    screenOfWidth(390)
    renderSection()

    const list = await screen.findByRole('list', { name: 'Quality per worker' })
    const anna = within(list).getAllByRole('listitem')[0]!
    expect(anna).toHaveTextContent('anna')
    expect(within(anna).getByText('77% – 96%')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('says when no item has been done by two workers yet', async () => {
    server.use(
      http.get('/api/client/tasks/41/quality/', () =>
        HttpResponse.json({
          fields: { label: { alpha: null, percent_agreement: null, items: 0, values: 0 } },
          workers: [],
          gold: { items: 0, answers: 0 },
        }),
      ),
    )
    renderSection()

    expect(await screen.findByText('Not enough overlapping annotations yet.')).toBeInTheDocument()
    expect(screen.getByText('Nobody has done work on this task yet.')).toBeInTheDocument()
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
  })

  it('says when no worker has answered a gold item', async () => {
    server.use(
      http.get('/api/client/tasks/41/quality/', () =>
        HttpResponse.json({ ...QUALITY, workers: [QUALITY.workers[1]] }),
      ),
    )
    renderSection()

    expect(await screen.findByText('No worker has answered a gold item yet.')).toBeInTheDocument()
  })

  it('shows a spinner while loading and the reason when the call fails', async () => {
    server.use(
      http.get('/api/client/tasks/41/quality/', () => apiError(500, 'Database unavailable.')),
    )
    renderSection()

    expect(
      await screen.findByRole('status', { name: 'Loading the quality figures…' }),
    ).toBeInTheDocument()
    expect(await screen.findByText('The quality figures could not be loaded.')).toBeInTheDocument()
  })
})
