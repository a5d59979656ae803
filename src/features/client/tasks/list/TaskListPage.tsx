import { Trans, useLingui } from '@lingui/react/macro'
import { Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PagedList } from '../../../../ui/PagedList'
import { taskListQuery } from '../../queries/tasks'
import { useClientGroupFilter } from '../../use-client-group'
import { pageParam } from '../table/search-params'
import { BulkActions } from './BulkActions'
import {
  DEFAULT_TASK_ORDERING,
  type TaskListSearch,
  type TaskListView,
  taskListApiQuery,
} from './search'
import { TaskFilters } from './TaskFilters'
import { TaskTable } from './TaskTable'

type TaskListPageProps = {
  view: TaskListView
  search: TaskListSearch
  onSearch: (patch: Partial<TaskListSearch>) => void
}

/** The Active or Archived tasks: filters, ordering, paging and bulk actions on selected rows. */
export function TaskListPage({ view, search, onSearch }: TaskListPageProps) {
  const { t } = useLingui()
  const clientGroup = useClientGroupFilter()
  const query = taskListApiQuery(view, search, clientGroup)
  const tasks = useQuery(taskListQuery(query))
  // A selection belongs to the page it was made on; another page or filter starts empty.
  const queryKey = JSON.stringify(query)
  const [selection, setSelection] = useState({ queryKey, ids: new Set<number>() })
  const selected = selection.queryKey === queryKey ? selection.ids : new Set<number>()
  const select = (ids: Set<number>) => setSelection({ queryKey, ids })

  const onFilter = (patch: Partial<TaskListSearch>) => onSearch({ ...patch, page: undefined })

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {view === 'active' ? <Trans>Active Tasks</Trans> : <Trans>Archived Tasks</Trans>}
      </Title>
      <TaskFilters view={view} search={search} onFilter={onFilter} />
      <BulkActions ids={[...selected]} onDone={() => select(new Set())} />
      <PagedList
        query={tasks}
        loadingLabel={t`Loading the tasks…`}
        failedTitle={<Trans>The tasks could not be loaded.</Trans>}
        emptyTitle={<Trans>No tasks match these filters.</Trans>}
        paging={{ page: search.page ?? 1, onPage: (page) => onSearch({ page: pageParam(page) }) }}
      >
        {(rows) => (
          <TaskTable
            tasks={rows}
            ordering={search.ordering ?? DEFAULT_TASK_ORDERING}
            onOrder={(ordering) => onSearch({ ordering, page: undefined })}
            selected={selected}
            onSelect={select}
          />
        )}
      </PagedList>
    </Stack>
  )
}
