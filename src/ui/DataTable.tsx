import { Table } from '@mantine/core'
import type { ReactNode } from 'react'

export type DataColumn<T> = {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  /** Figures, aligned right so that they line up. */
  numeric?: boolean
  /** The cell names its row, for screen readers (a counter's name). */
  rowHeader?: boolean
}

type DataTableProps<T> = {
  /** Names the table for screen readers. */
  label: string
  columns: DataColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string | number
  /** Narrower than this, the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number
  striped?: boolean
  highlightOnHover?: boolean
  /** Set while newer rows are being fetched. */
  busy?: boolean
}

/** A table of rows, one cell a column, with its header row. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  minWidth,
  striped,
  highlightOnHover,
  busy,
}: DataTableProps<T>) {
  const table = (
    <Table
      aria-label={label}
      aria-busy={busy}
      striped={striped}
      highlightOnHover={highlightOnHover}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} ta={column.numeric ? 'right' : undefined}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? Table.Th : Table.Td
              return (
                <Cell
                  key={column.key}
                  scope={column.rowHeader ? 'row' : undefined}
                  ta={column.numeric ? 'right' : undefined}
                >
                  {column.cell(row)}
                </Cell>
              )
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
  if (minWidth === undefined) return table
  return <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
}
