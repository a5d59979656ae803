import { useLingui } from '@lingui/react/macro'
import { Select, SimpleGrid } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { taskStatsQuery } from '../../queries/tasks'
import { DebouncedSearch } from '../table/DebouncedSearch'
import { DayRangeFilter, IdFilter } from '../table/filter-inputs'
import type { AnnotationSearch, FlagFilter } from './search'

type AnnotationFiltersProps = {
  taskId: number
  search: AnnotationSearch
  onFilter: (patch: Partial<AnnotationSearch>) => void
}

/** Who made the annotations, their state, when they were made, and text in their values. */
export function AnnotationFilters({ taskId, search, onFilter }: AnnotationFiltersProps) {
  const { t } = useLingui()
  // The task's workers come with its statistics.
  const stats = useQuery(taskStatsQuery(taskId))
  const flagOptions = (yes: string, no: string) => [
    { value: 'yes', label: yes },
    { value: 'no', label: no },
  ]
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <IdFilter
        label={t`Worker`}
        placeholder={t`Every worker`}
        options={(stats.data?.endworker_stats ?? []).map((worker) => ({
          id: worker.id,
          name: worker.username,
        }))}
        value={search.user}
        onChange={(user) => onFilter({ user })}
      />
      <Select
        label={t`Done`}
        placeholder={t`Done or not`}
        data={flagOptions(t`Done`, t`Not done`)}
        value={search.done ?? null}
        onChange={(value) => onFilter({ done: (value as FlagFilter) ?? undefined })}
        clearable
      />
      <Select
        label={t`Errors`}
        placeholder={t`With or without errors`}
        data={flagOptions(t`With errors`, t`Without errors`)}
        value={search.errors ?? null}
        onChange={(value) => onFilter({ errors: (value as FlagFilter) ?? undefined })}
        clearable
      />
      <DayRangeFilter
        fromLabel={t`Made from`}
        toLabel={t`Made until`}
        value={search}
        onChange={onFilter}
      />
      <DebouncedSearch
        label={t`Search in the values`}
        value={search.search ?? ''}
        onSearch={(value) => onFilter({ search: value || undefined })}
      />
    </SimpleGrid>
  )
}
