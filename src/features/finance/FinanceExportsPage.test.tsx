import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { FinanceExport } from '../../../contract/finance'
import { setupApiServer } from '../../test/api'
import { pickDay } from '../../test/pick-day'
import { renderWithRouter } from '../../test/render'
import { FinanceExportsPage } from './FinanceExportsPage'

const running: FinanceExport = {
  id: 7,
  status: 'PROCESSING',
  progress: 40,
  date_from: '2030-01-01',
  date_to: '2030-01-31',
  time_zone: 'Europe/Warsaw',
  filters: { groups: [], users: [], projects: [] },
  author: 'finance',
  created_timestamp: '2030-02-01T10:00:00Z',
  processed_timestamp: null,
  error: null,
  totals: { work_seconds: 0, paid_bonus_break_seconds: 0, paid_seconds: 0, weighted_seconds: 0 },
  users_count: 0,
  previous_export: null,
  corrections_count: 0,
}

setupApiServer(
  http.get('/api/finance/options/', () => HttpResponse.json({ groups: [], projects: [] })),
  http.get('/api/finance/users/', () => HttpResponse.json([])),
  http.get('/api/finance/exports/', () =>
    HttpResponse.json({ count: 1, next: null, previous: null, results: [running] }),
  ),
)

// Rendering the whole page with its form is slow on a busy machine.
describe('the finance exports page', { timeout: 30_000 }, () => {
  it('shows a running export with its progress', async () => {
    renderWithRouter(<FinanceExportsPage />)
    const table = await screen.findByRole('table', { name: 'Finance exports' }, { timeout: 10_000 })
    const row = within(table).getByRole('row', { name: /Europe\/Warsaw/ })
    expect(row).toHaveTextContent('Processing')
    expect(within(row).getByRole('progressbar', { name: 'Progress of export 7' })).toHaveAttribute(
      'aria-valuetext',
      '40%',
    )
    expect(within(row).getByRole('button', { name: 'Download export 7' })).toBeDisabled()
  })

  it('keeps the period typed in the form across a reload', async () => {
    const first = renderWithRouter(<FinanceExportsPage />)
    await screen.findByRole('button', { name: 'From' }, { timeout: 10_000 })
    await pickDay(userEvent.setup(), 'From', '2029-05-01')
    first.unmount()
    renderWithRouter(<FinanceExportsPage />)
    expect(
      await screen.findByRole('button', { name: 'From' }, { timeout: 10_000 }),
    ).toHaveTextContent('01 May 2029')
  })
})
