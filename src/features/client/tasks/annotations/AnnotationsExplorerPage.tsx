import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { RouterAnchor } from '../../../../ui/links'
import { PagedList } from '../../../../ui/PagedList'
import { Empty } from '../../../../ui/QueryStates'
import { ClientGroupFilter } from '../../client-group-filter'
import { annotationsQuery } from '../../queries/tasks'
import { pageParam } from '../table/search-params'
import { AnnotationFilters } from './AnnotationFilters'
import { AnnotationTable } from './AnnotationTable'
import { type AnnotationSearch, annotationApiQuery, DEFAULT_ANNOTATION_ORDERING } from './search'
import { TaskPicker } from './TaskPicker'

type ExplorerProps = {
  search: AnnotationSearch
  onSearch: (patch: Partial<AnnotationSearch>) => void
}

/** Browses the annotations of one task, picked here or given by the task panel's link. */
export function AnnotationsExplorerPage({ search, onSearch }: ExplorerProps) {
  const taskId = search.task
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Annotations explorer</Trans>
      </Title>
      <Group align="flex-end">
        <ClientGroupFilter />
        {/* A new task has other workers and annotations: its filters start over. */}
        <TaskPicker
          value={taskId}
          onChange={(task) => onSearch({ task, user: undefined, page: undefined })}
        />
        {taskId !== undefined && (
          <RouterAnchor to="/client/tasks/$taskId/panel" params={{ taskId: String(taskId) }}>
            <Trans>Open the task panel</Trans>
          </RouterAnchor>
        )}
      </Group>
      {taskId === undefined ? (
        <Empty title={<Trans>Choose a task</Trans>}>
          <Trans>Pick the task whose annotations you want to browse.</Trans>
        </Empty>
      ) : (
        <TaskAnnotations key={taskId} taskId={taskId} search={search} onSearch={onSearch} />
      )}
    </Stack>
  )
}

function TaskAnnotations({ taskId, search, onSearch }: ExplorerProps & { taskId: number }) {
  const { t } = useLingui()
  const annotations = useQuery(annotationsQuery(taskId, annotationApiQuery(search)))
  const onFilter = (patch: Partial<AnnotationSearch>) => onSearch({ ...patch, page: undefined })
  return (
    <Stack gap="md">
      <AnnotationFilters taskId={taskId} search={search} onFilter={onFilter} />
      <PagedList
        query={annotations}
        loadingLabel={t`Loading the annotations…`}
        failedTitle={<Trans>The annotations could not be loaded.</Trans>}
        emptyTitle={<Trans>No annotations match these filters.</Trans>}
        paging={{ page: search.page ?? 1, onPage: (page) => onSearch({ page: pageParam(page) }) }}
      >
        {(rows) => (
          <AnnotationTable
            taskId={taskId}
            annotations={rows}
            ordering={search.ordering ?? DEFAULT_ANNOTATION_ORDERING}
            onOrder={(ordering) => onSearch({ ordering, page: undefined })}
          />
        )}
      </PagedList>
    </Stack>
  )
}
