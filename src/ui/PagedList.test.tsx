import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ReactNode, useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { Paged } from '../../contract/common'
import { ApiError } from '../api/client'
import { createTestQueryClient, TestProviders } from '../test/render'
import { PagedList, PagedTable } from './PagedList'

type Row = { id: number; name: string }

const rowsNamed = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Row ${index + 1}` }))

/** A server's answer for one window of the rows, as the list endpoints give it. */
function pageOf(rows: Row[], offset: number, limit: number): Paged<Row> {
  return {
    count: rows.length,
    next: offset + limit < rows.length ? `?offset=${offset + limit}` : null,
    previous: offset > 0 ? `?offset=${Math.max(0, offset - limit)}` : null,
    results: rows.slice(offset, offset + limit),
  }
}

type Load = (offset: number, limit: number) => Promise<Paged<Row>>

const serve =
  (rows: Row[]): Load =>
  async (offset, limit) =>
    pageOf(rows, offset, limit)

const refused: Load = async () => {
  throw new ApiError(400, 'validation_error', 'ordering: unknown field')
}

const columns = [{ key: 'name', header: 'Name', cell: (row: Row) => row.name, rowHeader: true }]

/** A table leaving the loading and failure wording to the shared piece. */
function NumberedRows({ load, firstPage = 1 }: { load: Load; firstPage?: number }) {
  const [page, setPage] = useState(firstPage)
  const query = useQuery({
    queryKey: ['rows', 'page', page],
    queryFn: () => load((page - 1) * 10, 10),
    placeholderData: keepPreviousData,
  })
  return (
    <PagedTable
      query={query}
      emptyTitle="No rows yet"
      paging={{ page, onPage: setPage }}
      label="Rows"
      columns={columns}
    />
  )
}

function OffsetRows({ load }: { load: Load }) {
  const [offset, setOffset] = useState(0)
  const query = useQuery({
    queryKey: ['rows', 'offset', offset],
    queryFn: () => load(offset, 20),
    placeholderData: keepPreviousData,
  })
  return (
    <PagedList
      query={query}
      loadingLabel="Loading the rows…"
      failedTitle="The rows could not be loaded."
      emptyTitle="No rows yet"
      paging={{
        offset,
        onOffset: setOffset,
        pageSize: 20,
        countLabel: (page) => `Rows: ${page.count}`,
      }}
    >
      {(rows) => (
        <ul aria-label="Rows">
          {rows.map((row) => (
            <li key={row.id}>{row.name}</li>
          ))}
        </ul>
      )}
    </PagedList>
  )
}

const renderList = (ui: ReactNode) =>
  render(<TestProviders queryClient={createTestQueryClient()}>{ui}</TestProviders>)

describe('a paged list', () => {
  it('names what is loading after its table, then shows the rows of the page with the total', async () => {
    renderList(<NumberedRows load={serve(rowsNamed(3))} />)
    expect(screen.getByRole('status', { name: 'Loading Rows' })).toBeInTheDocument()

    const table = await screen.findByRole('table', { name: 'Rows' })
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Row 1', 'Row 2', 'Row 3'])
    expect(screen.getByText('3 in total')).toBeVisible()
    // One page needs no page buttons.
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull()
  })

  it('says so when there is nothing to list', async () => {
    renderList(<NumberedRows load={serve([])} />)
    expect(await screen.findByText('No rows yet')).toBeVisible()
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Go to the first page' })).toBeNull()
  })

  it("shows the server's reason when a page could not be loaded, under the list's title", async () => {
    renderList(
      <>
        <NumberedRows load={refused} />
        <OffsetRows load={refused} />
      </>,
    )
    expect(screen.getByRole('status', { name: 'Loading the rows…' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2))
    const [byDefault, worded] = screen.getAllByRole('alert')
    expect(byDefault).toHaveTextContent('The list could not be loaded.')
    expect(worded).toHaveTextContent('The rows could not be loaded.')
    for (const alert of [byDefault, worded]) {
      expect(alert).toHaveTextContent('ordering: unknown field')
    }
  })

  it('switches pages by number, keeping the total', async () => {
    const user = userEvent.setup()
    renderList(<NumberedRows load={serve(rowsNamed(25))} />)
    const table = await screen.findByRole('table', { name: 'Rows' })
    expect(within(table).getAllByRole('rowheader')).toHaveLength(10)
    expect(screen.getByText('25 in total')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(await screen.findByRole('rowheader', { name: 'Row 21' })).toBeVisible()
    expect(screen.getAllByRole('rowheader')).toHaveLength(5)
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(await screen.findByRole('rowheader', { name: 'Row 11' })).toBeVisible()
  })

  it('offers the first page when the page asked for is past the end of the list', async () => {
    const user = userEvent.setup()
    renderList(<NumberedRows load={serve(rowsNamed(5))} firstPage={4} />)
    expect(await screen.findByText('No rows yet')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Go to the first page' }))
    expect(await screen.findByRole('rowheader', { name: 'Row 1' })).toBeVisible()
    expect(screen.getByText('5 in total')).toBeVisible()
  })

  it('steps through a list paged by offset with Previous and Next, worded by the list', async () => {
    const user = userEvent.setup()
    renderList(<OffsetRows load={serve(rowsNamed(45))} />)
    const list = await screen.findByRole('list', { name: 'Rows' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    expect(screen.getByText('Rows: 45')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Row 41')).toBeVisible()
    expect(screen.getAllByRole('listitem')).toHaveLength(5)
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(await screen.findByText('Row 21')).toBeVisible()
  })

  it('marks the list busy while the next page loads, keeping the rows shown', async () => {
    const user = userEvent.setup()
    let release = () => {}
    const rows = rowsNamed(25)
    renderList(
      <NumberedRows
        load={(offset, limit) =>
          offset === 0
            ? serve(rows)(offset, limit)
            : new Promise((resolve) => {
                release = () => resolve(pageOf(rows, offset, limit))
              })
        }
      />,
    )
    await screen.findByRole('rowheader', { name: 'Row 1' })
    await user.click(screen.getByRole('button', { name: 'Page 2' }))

    const table = screen.getByRole('table', { name: 'Rows' })
    expect(table.closest('[aria-busy="true"]')).not.toBeNull()
    expect(within(table).getByRole('rowheader', { name: 'Row 1' })).toBeInTheDocument()

    release()
    expect(await screen.findByRole('rowheader', { name: 'Row 11' })).toBeVisible()
    expect(table.closest('[aria-busy="true"]')).toBeNull()
  })
})
