import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screenOfWidth } from '../test/media-queries'
import { type DataColumn, DataTable } from './DataTable'

type Row = { id: number; user: string; status: string; languages: string; ratio: number }

const ROWS: Row[] = [
  { id: 1, user: 'anna', status: 'Active', languages: 'English, Polish', ratio: 1.5 },
  { id: 2, user: 'boris', status: 'Inactive', languages: 'Russian', ratio: 0.8 },
]

/** A users' list as a coordinator sees it: a box selecting each row, and one selecting all. */
function UsersTable({ minWidth }: { minWidth?: number }) {
  const [selected, setSelected] = useState<number[]>([])
  const columns: DataColumn<Row>[] = [
    {
      key: 'select',
      selection: true,
      header: (
        <input
          type="checkbox"
          aria-label="Select every user"
          checked={selected.length === ROWS.length}
          onChange={(event) =>
            setSelected(event.currentTarget.checked ? ROWS.map((r) => r.id) : [])
          }
        />
      ),
      cell: (row) => (
        <input
          type="checkbox"
          aria-label={`Select ${row.user}`}
          checked={selected.includes(row.id)}
          onChange={() =>
            setSelected((current) =>
              current.includes(row.id)
                ? current.filter((id) => id !== row.id)
                : [...current, row.id],
            )
          }
        />
      ),
    },
    { key: 'user', header: 'User', cell: (row) => row.user, rowHeader: true },
    { key: 'status', header: 'Status', cell: (row) => row.status },
    { key: 'languages', header: <span>Languages</span>, cell: (row) => row.languages },
    { key: 'ratio', header: 'Ratio', cell: (row) => row.ratio, numeric: true },
    { key: 'actions', header: '', cell: (row) => <button type="button">Edit {row.user}</button> },
  ]
  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={ROWS}
      rowKey={(row) => row.id}
      minWidth={minWidth}
    />
  )
}

function renderTable(minWidth?: number) {
  render(
    <MantineProvider env="test">
      <UsersTable minWidth={minWidth} />
    </MantineProvider>,
  )
}

/** Each card's title and its fields, as name → value. */
function cards() {
  const list = screen.getByRole('list', { name: 'Users' })
  return within(list)
    .getAllByRole('listitem')
    .map((card) => {
      const names = within(card)
        .getAllByRole('term')
        .map((term) => term.textContent)
      const values = within(card)
        .getAllByRole('definition')
        .map((value) => value.textContent)
      return {
        title: within(card).getByText(/^(anna|boris)$/).textContent,
        fields: Object.fromEntries(names.map((name, index) => [name, values[index]])),
      }
    })
}

describe('the data table', () => {
  afterEach(() => vi.restoreAllMocks())

  it('is a table with its header row where the screen is wide enough', () => {
    screenOfWidth(1280)
    renderTable(720)

    const table = screen.getByRole('table', { name: 'Users' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'User', 'Status', 'Languages', 'Ratio', ''])
    expect(within(table).getByRole('rowheader', { name: 'anna' })).toBeInTheDocument()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('shows each row as a card, every cell under its column name, on a narrower screen', async () => {
    screenOfWidth(720)
    renderTable(720)

    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(cards()).toEqual([
      {
        title: 'anna',
        fields: { Status: 'Active', Languages: 'English, Polish', Ratio: '1.5' },
      },
      { title: 'boris', fields: { Status: 'Inactive', Languages: 'Russian', Ratio: '0.8' } },
    ])
    // The row's own controls stay on its card; selecting every row comes above the cards.
    const [anna] = screen.getAllByRole('listitem')
    expect(within(anna!).getByRole('button', { name: 'Edit anna' })).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(within(anna!).getByRole('checkbox', { name: 'Select anna' }))
    expect(within(anna!).getByRole('checkbox', { name: 'Select anna' })).toBeChecked()
    await user.click(screen.getByRole('checkbox', { name: 'Select every user' }))
    expect(screen.getByRole('checkbox', { name: 'Select boris' })).toBeChecked()
  })

  it('says what a card titled by a bare number numbers', () => {
    screenOfWidth(390)
    render(
      <MantineProvider env="test">
        <DataTable
          label="Feedback items"
          rows={[{ id: 12, mark: 'Good' }]}
          rowKey={(row) => row.id}
          minWidth={760}
          columns={[
            { key: 'id', header: 'ID', cell: (row) => row.id, rowHeader: true },
            { key: 'mark', header: 'Mark', cell: (row) => row.mark },
          ]}
        />
      </MantineProvider>,
    )
    const [card] = within(screen.getByRole('list', { name: 'Feedback items' })).getAllByRole(
      'listitem',
    )
    expect(card).toHaveTextContent(/^ID 12MarkGood$/)
  })

  it('stays a table on a phone when it needs no particular width', () => {
    screenOfWidth(390)
    renderTable(undefined)

    expect(screen.getByRole('table', { name: 'Users' })).toBeInTheDocument()
  })
})
