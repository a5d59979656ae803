import { useQuery } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client'
import { createTestQueryClient, TestProviders } from '../test/render'
import { DataTable } from './DataTable'
import { Empty, QueryContent } from './QueryStates'

type Row = { id: number; name: string; count: number }

function RowsView({ load }: { load: () => Promise<Row[]> }) {
  const rows = useQuery({ queryKey: ['rows'], queryFn: load })
  return (
    <QueryContent
      query={rows}
      loadingLabel="Loading the rows"
      failedTitle="The rows could not be loaded."
      empty={<Empty title="No rows yet" />}
    >
      {(data) => (
        <DataTable
          label="Rows"
          columns={[
            { key: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true },
            { key: 'count', header: 'Count', cell: (row) => row.count, numeric: true },
          ]}
          rows={data}
          rowKey={(row) => row.id}
        />
      )}
    </QueryContent>
  )
}

const renderRows = (load: () => Promise<Row[]>) =>
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <RowsView load={load} />
    </TestProviders>,
  )

describe('query content', () => {
  it('names what is loading, then shows the rows, each named by its header cell', async () => {
    renderRows(async () => [{ id: 1, name: 'Alpha', count: 3 }])
    expect(screen.getByRole('status', { name: 'Loading the rows' })).toBeInTheDocument()

    const table = await screen.findByRole('table', { name: 'Rows' })
    expect(within(table).getByRole('rowheader', { name: 'Alpha' })).toBeVisible()
    expect(within(table).getByRole('row', { name: 'Alpha 3' })).toBeVisible()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says so when the list is empty', async () => {
    renderRows(async () => [])
    expect(await screen.findByText('No rows yet')).toBeVisible()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it("shows the server's reason when loading failed", async () => {
    renderRows(async () => {
      throw new ApiError(400, 'validation_error', 'ordering: unknown field')
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The rows could not be loaded.')
    expect(alert).toHaveTextContent('ordering: unknown field')
  })
})
