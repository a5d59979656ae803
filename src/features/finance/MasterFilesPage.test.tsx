import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { MasterFile } from '../../../contract/finance'
import { setupApiServer } from '../../test/api'
import { renderWithRouter } from '../../test/render'
import { MasterFilesPage } from './MasterFilesPage'

const failed: MasterFile = {
  id: 4,
  file_name: 'march.csv',
  status: 'FAILED',
  loaded_records: 0,
  loaded_intervals: 0,
  warnings_count: 1,
  errors_count: 2,
  warnings: ["Line 1: the column 'note' is not read."],
  errors: ["Line 3: there is no user 'nobody'.", 'Line 5: valid_from is not a date.'],
  author: 'finance',
  created_timestamp: '2030-03-01T10:00:00Z',
}

const server = setupApiServer(
  http.get('/api/finance/master-files/', () =>
    HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
)

describe('the master files page', () => {
  it('uploads a file and shows the errors with the file name, the counts and each line', async () => {
    const user = userEvent.setup()
    server.use(
      http.post('/api/finance/master-files/', () => HttpResponse.json(failed, { status: 201 })),
    )
    const { container } = renderWithRouter(<MasterFilesPage />)
    await screen.findByText('No master files yet')

    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!
    await user.upload(input, new File(['user,ratio\n'], 'march.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'Upload' }))

    const outcome = await screen.findByRole('status')
    expect(outcome).toHaveTextContent('The master file march.csv has errors: nothing was loaded.')
    expect(outcome).toHaveTextContent(
      'Loaded records: 0. Loaded intervals: 0. Warnings: 1. Errors: 2.',
    )
    const errors = within(outcome).getByRole('list', { name: 'Errors' })
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(failed.errors)
  })

  it('asks for a file before uploading', async () => {
    const user = userEvent.setup()
    renderWithRouter(<MasterFilesPage />)
    await user.click(await screen.findByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Choose a CSV master file to upload.')).toBeVisible()
  })
})
