import { Table, UnstyledButton } from '@mantine/core'
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react'
import type { ReactNode } from 'react'

type SortableThProps<TField extends string> = {
  field: TField
  /** The current ordering: `field` ascending or `-field` descending. */
  ordering: string
  onOrder: (ordering: TField | `-${TField}`) => void
  children: ReactNode
}

/** A column header that orders by its field: ascending first, then descending. */
export function SortableTh<TField extends string>({
  field,
  ordering,
  onOrder,
  children,
}: SortableThProps<TField>) {
  const direction =
    ordering === field ? 'ascending' : ordering === `-${field}` ? 'descending' : 'none'
  const Icon =
    direction === 'ascending'
      ? IconSortAscending
      : direction === 'descending'
        ? IconSortDescending
        : IconArrowsSort
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton
        onClick={() => onOrder(direction === 'ascending' ? `-${field}` : field)}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {children}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  )
}
