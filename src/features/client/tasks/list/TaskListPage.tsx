import { Trans, useLingui } from '@lingui/react/macro'
import { Button, LoadingOverlay, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useClientGroupFilter } from '../../client-group-filter'
import { taskListQuery } from '../../queries/tasks'
import { Empty, LoadFailed, Loading } from '../QueryStates'
import { ListPaging } from '../table/ListPaging'
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
      {tasks.isPending ? (
        <Loading label={t`Loading the tasks…`} />
      ) : tasks.isError ? (
        <LoadFailed error={tasks.error} title={<Trans>The tasks could not be loaded.</Trans>} />
      ) : tasks.data.results.length === 0 ? (
        <Empty
          title={<Trans>No tasks match these filters.</Trans>}
          action={
            // The page is past the end, e.g. after tasks were deleted or archived.
            tasks.data.count > 0 && (
              <Button variant="subtle" onClick={() => onSearch({ page: undefined })}>
                <Trans>Go to the first page</Trans>
              </Button>
            )
          }
        />
      ) : (
        <Stack gap="sm" pos="relative">
          <LoadingOverlay visible={tasks.isPlaceholderData} zIndex={1} />
          <TaskTable
            tasks={tasks.data.results}
            ordering={search.ordering ?? DEFAULT_TASK_ORDERING}
            onOrder={(ordering) => onSearch({ ordering, page: undefined })}
            selected={selected}
            onSelect={select}
          />
          <ListPaging
            count={tasks.data.count}
            page={search.page ?? 1}
            onPage={(page) => onSearch({ page: page === 1 ? undefined : page })}
          />
        </Stack>
      )}
    </Stack>
  )
}
