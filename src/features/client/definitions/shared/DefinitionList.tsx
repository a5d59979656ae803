import { useLingui } from '@lingui/react/macro'
import { Group, Select, Stack, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { DefinitionOrdering } from '../../../../../contract/client-definitions'
import type { Paged } from '../../../../../contract/common'
import type { DataColumn } from '../../../../ui/DataTable'
import { PagedTable } from '../../../../ui/PagedList'
import { TitleBar } from '../../../../ui/TitleBar'
import { ClientGroupFilter } from '../../client-group-filter'
import type { ListState } from './list-state'

export type Column<T> = DataColumn<T>

type DefinitionListProps<T extends { id: number }> = {
  title: ReactNode
  /** The create button. */
  actions: ReactNode
  /** Filters of this list besides the client group, search and ordering. */
  filters?: ReactNode
  /** Names the table and the search ('Task schemas'). */
  label: string
  state: ListState
  result: UseQueryResult<Paged<T>>
  columns: Column<T>[]
  emptyTitle: ReactNode
}

/** A page of definitions: the client-group filter, search, ordering, a table and paging. */
export function DefinitionList<T extends { id: number }>({
  title,
  actions,
  filters,
  label,
  state,
  result,
  columns,
  emptyTitle,
}: DefinitionListProps<T>) {
  const { t } = useLingui()
  const orderings: { value: DefinitionOrdering; label: string }[] = [
    { value: '-created_timestamp', label: t`Newest first` },
    { value: 'created_timestamp', label: t`Oldest first` },
    { value: 'name', label: t`Name A–Z` },
    { value: '-name', label: t`Name Z–A` },
  ]

  return (
    <Stack gap="md">
      <TitleBar title={title} level="page">
        {actions}
      </TitleBar>
      <Group align="flex-end" gap="sm">
        <ClientGroupFilter />
        <TextInput
          label={t`Search`}
          placeholder={t`Name contains…`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={state.search}
          onChange={(event) => state.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <Select
          label={t`Order by`}
          data={orderings}
          value={state.ordering}
          onChange={(value) => value && state.setOrdering(value as DefinitionOrdering)}
          allowDeselect={false}
          w={{ base: '100%', sm: 180 }}
        />
        {filters}
      </Group>
      <PagedTable
        query={result}
        emptyTitle={emptyTitle}
        paging={{ page: state.page, onPage: state.setPage }}
        label={label}
        columns={columns}
        minWidth={760}
        striped
        highlightOnHover
      />
    </Stack>
  )
}
