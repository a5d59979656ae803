import { Box, Group, Table, Text } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'
import { useViewportAtMost } from './use-screen-width'

export type DataColumn<T> = {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  /** Figures, aligned right so that they line up. */
  numeric?: boolean
  /** The cell names its row, for screen readers (a counter's name); a card's title. */
  rowHeader?: boolean
  /**
   * The cell selects its row (a check box): on cards it sits beside the title, and the header
   * (a box selecting every row) above the cards.
   */
  selection?: boolean
}

type DataTableProps<T> = {
  /** Names the table for screen readers. */
  label: string
  columns: DataColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string | number
  /**
   * The width the table needs. Inside a narrower box it scrolls sideways; on a screen narrower
   * than it, each row shows as a card instead, so no column is out of reach.
   */
  minWidth?: number
  striped?: boolean
  highlightOnHover?: boolean
  /** Set while newer rows are being fetched. */
  busy?: boolean
}

/** The page's side padding, which a table never gets. */
const PAGE_GUTTER_PX = 32

/**
 * Shadows at the edges that still hide columns, so a table that scrolls sideways shows it at a
 * glance, also where scroll bars only appear while scrolling (phones, tablets): the body-coloured
 * covers scroll with the rows and uncover the shadows once an edge is reached.
 */
const SCROLL_SHADOWS: CSSProperties = {
  background: [
    'linear-gradient(to right, var(--mantine-color-body) 30%, transparent) left / 40px 100% no-repeat local',
    'linear-gradient(to left, var(--mantine-color-body) 30%, transparent) right / 40px 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, color-mix(in srgb, var(--mantine-color-text) 25%, transparent), transparent) left / 14px 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, color-mix(in srgb, var(--mantine-color-text) 25%, transparent), transparent) right / 14px 100% no-repeat scroll',
  ].join(', '),
}

/**
 * Rows with a header row: a table, or on a screen narrower than the table needs, a list of cards
 * holding each row's cells under their column's name.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { minWidth } = props
  // A query no screen matches when the table fits anywhere.
  const asCards = useViewportAtMost(
    minWidth === undefined ? '0px' : `${minWidth + PAGE_GUTTER_PX - 1}px`,
  )
  if (asCards) return <DataCards {...props} />
  const table = <RowTable {...props} />
  if (minWidth === undefined) return table
  return <TableScroller minWidth={minWidth}>{table}</TableScroller>
}

/**
 * Holds a table that needs `minWidth`: narrower, it scrolls sideways with the browser's own scroll
 * bar (Mantine's scroll area hid it) and shadows on the sides still hiding columns.
 */
export function TableScroller({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" style={SCROLL_SHADOWS}>
      {children}
    </Table.ScrollContainer>
  )
}

function RowTable<T>({
  label,
  columns,
  rows,
  rowKey,
  striped,
  highlightOnHover,
  busy,
}: DataTableProps<T>) {
  return (
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
}

const unnamed = <T,>(column: DataColumn<T>) =>
  column.header === '' || column.header === null || column.header === undefined

/**
 * The rows as cards: the row header's cell as the title, the cells that select the row or have no
 * column name beside it, and every other cell under its column's name. A header selecting every
 * row comes above the cards.
 */
function DataCards<T>({ label, columns, rows, rowKey, busy }: DataTableProps<T>) {
  const titles = columns.filter((column) => column.rowHeader)
  const aside = columns.filter(
    (column) => !column.rowHeader && (column.selection || unnamed(column)),
  )
  const fields = columns.filter((column) => !titles.includes(column) && !aside.includes(column))
  const selectAll = aside.filter((column) => column.selection && !unnamed(column))
  return (
    <Box>
      {selectAll.length > 0 && (
        <Group gap="sm" mb="xs">
          {selectAll.map((column) => (
            <Box key={column.key}>{column.header}</Box>
          ))}
        </Group>
      )}
      <Box
        component="ul"
        aria-label={label}
        aria-busy={busy}
        m={0}
        p={0}
        style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-xs)' }}
      >
        {rows.map((row) => (
          <Box
            component="li"
            key={rowKey(row)}
            p="sm"
            bd="1px solid var(--mantine-color-default-border)"
            bdrs="md"
          >
            {(titles.length > 0 || aside.length > 0) && (
              <Group justify="space-between" wrap="nowrap" gap="sm" mb={4} align="flex-start">
                <Text component="div" fw={700} miw={0} style={{ overflowWrap: 'anywhere' }}>
                  {titles.map((column) => (
                    <CardTitle key={column.key} name={column.header} value={column.cell(row)} />
                  ))}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  {aside.map((column) => (
                    <Box key={column.key}>{column.cell(row)}</Box>
                  ))}
                </Group>
              </Group>
            )}
            <Box
              component="dl"
              m={0}
              fz="sm"
              style={{
                display: 'grid',
                gridTemplateColumns: 'minmax(5rem, max-content) minmax(0, 1fr)',
                gap: '4px var(--mantine-spacing-md)',
                alignItems: 'baseline',
              }}
            >
              {fields.map((column) => (
                <CardField key={column.key} name={column.header} value={column.cell(row)} />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  )
}

/** A row header's cell; a bare number (an id) says what it numbers. */
function CardTitle({ name, value }: { name: ReactNode; value: ReactNode }) {
  if (typeof value !== 'number') return <div>{value}</div>
  return (
    <div>
      <Text span c="dimmed" fw={400} size="sm">
        {name}
      </Text>{' '}
      {value}
    </div>
  )
}

function CardField({ name, value }: { name: ReactNode; value: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {name}
      </Text>
      <Box component="dd" m={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </>
  )
}
