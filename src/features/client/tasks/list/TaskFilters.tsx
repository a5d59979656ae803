import { useLingui } from '@lingui/react/macro'
import { MultiSelect, SegmentedControl, SimpleGrid, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { TASK_STATUSES, type TaskStatus } from '../../../../../contract/task-intake'
import { fromPairs, KeyValueEditor, toPairs } from '../../../../ui/KeyValueEditor'
import { ClientGroupFilter } from '../../client-group-filter'
import { taskTypeListQuery, versionRefsQuery } from '../../queries/definitions'
import { useClientGroupFilter } from '../../use-client-group'
import { TASK_STATUS_LABELS } from '../status'
import { DebouncedSearch } from '../table/DebouncedSearch'
import { DayRangeFilter, IdFilter } from '../table/filter-inputs'
import type { TaskListSearch, TaskListView } from './search'

/** Enough for every task type of a client in one select. */
const TASK_TYPE_CHOICES = 1000

type TaskFiltersProps = {
  view: TaskListView
  search: TaskListSearch
  /** Changes the filters; the list goes back to its first page. */
  onFilter: (patch: Partial<TaskListSearch>) => void
}

/** The tasks list's filters; every change lands in the URL. */
export function TaskFilters({ view, search, onFilter }: TaskFiltersProps) {
  const { t } = useLingui()
  const clientGroup = useClientGroupFilter()
  const taskTypes = useQuery(
    taskTypeListQuery({
      client_group__id: clientGroup,
      ordering: 'name',
      limit: TASK_TYPE_CHOICES,
    }),
  )
  const schemas = useQuery(versionRefsQuery('task-schemas', clientGroup))
  // Rows being typed have no key yet, so the editor keeps its own rows and sends complete pairs.
  const [metadata, setMetadata] = useState(() => toPairs(search.metadata ?? {}))

  return (
    <Stack gap="sm">
      <ClientGroupFilter />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <IdFilter
          label={t`Task type`}
          placeholder={t`All task types`}
          options={taskTypes.data?.results ?? []}
          value={search.task_type}
          onChange={(task_type) => onFilter({ task_type })}
        />
        <IdFilter
          label={t`Schema`}
          placeholder={clientGroup === null ? t`Choose a client group first` : t`All schemas`}
          disabled={clientGroup === null}
          options={(schemas.data ?? []).map((schema) => ({
            id: schema.id,
            name: `${schema.name} v${schema.version}`,
          }))}
          value={search.schema}
          onChange={(schema) => onFilter({ schema })}
        />
        <DebouncedSearch
          label={t`Search`}
          value={search.search ?? ''}
          onSearch={(value) => onFilter({ search: value || undefined })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {view === 'active' && <StatusFilter search={search} onFilter={onFilter} />}
        <DayRangeFilter
          fromLabel={t`Created from`}
          toLabel={t`Created until`}
          value={search}
          onChange={onFilter}
        />
      </SimpleGrid>
      <KeyValueEditor
        label={t`Metadata`}
        pairs={metadata}
        onChange={(pairs) => {
          setMetadata(pairs)
          const complete = fromPairs(pairs.filter((pair) => pair.value !== ''))
          onFilter({ metadata: Object.keys(complete).length > 0 ? complete : undefined })
        }}
      />
    </Stack>
  )
}

/**
 * Status filter of the Active list: the tasks whose status is one of the chosen, or is none of
 * them. The API takes one or the other, so switching the mode drops the other list.
 */
function StatusFilter({ search, onFilter }: Omit<TaskFiltersProps, 'view'>) {
  const { t, i18n } = useLingui()
  const mode = search.status !== undefined ? 'include' : 'exclude'
  const value =
    mode === 'include' ? (search.status ?? []) : (search.excluded_status ?? ['ARCHIVED'])
  return (
    <Stack gap={4}>
      <MultiSelect
        label={mode === 'include' ? t`Statuses shown` : t`Statuses hidden`}
        data={TASK_STATUSES.map((status) => ({
          value: status,
          label: i18n._(TASK_STATUS_LABELS[status]),
        }))}
        value={value}
        onChange={(chosen) =>
          onFilter(
            mode === 'include'
              ? { status: chosen as TaskStatus[] }
              : { excluded_status: chosen as TaskStatus[] },
          )
        }
        // Mantine keeps a placeholder beside the chosen pills: it is shown only for an empty choice.
        placeholder={
          value.length > 0 ? undefined : mode === 'include' ? t`Any status` : t`Nothing hidden`
        }
        clearable
      />
      <SegmentedControl
        size="xs"
        aria-label={t`Status filter mode`}
        value={mode}
        onChange={(next) =>
          onFilter(
            next === 'include'
              ? { status: [], excluded_status: undefined }
              : { status: undefined, excluded_status: undefined },
          )
        }
        fullWidth
        data={[
          { value: 'exclude', label: t`Hide` },
          { value: 'include', label: t`Show only` },
        ]}
      />
    </Stack>
  )
}
