import * as v from 'valibot'
import {
  METADATA_FILTER_PREFIX,
  TASK_ORDERING_FIELDS,
  type TaskOrderingField,
} from '../../../../../contract/list-params'
import type { Ordering } from '../../../../../contract/query'
import { TASK_STATUSES } from '../../../../../contract/task-intake'
import { clientGroupSearch } from '../../client-group-search'
import type { ApiQuery } from '../../queries/tasks'
import {
  dayEnd,
  dayStart,
  lenient,
  optionalDay,
  optionalOrdering,
  optionalPositiveInt,
  optionalText,
  pageWindow,
} from '../table/search-params'

export type TaskListView = 'active' | 'archived'

const statusesParam = lenient(v.array(v.picklist(TASK_STATUSES)))

/**
 * The tasks list's state in the URL, so a filtered, ordered page can be reloaded and shared.
 * `excluded_status` left out means the Active list's default (ARCHIVED excluded); an empty list
 * excludes nothing. Both may arrive from a hand-made URL: the server's 400 is then shown.
 */
export const TaskListSearchSchema = v.object({
  ...clientGroupSearch,
  task_type: optionalPositiveInt,
  schema: optionalPositiveInt,
  status: statusesParam,
  excluded_status: statusesParam,
  from: optionalDay,
  to: optionalDay,
  metadata: lenient(v.record(v.string(), v.string())),
  search: optionalText,
  ordering: optionalOrdering(TASK_ORDERING_FIELDS),
  page: optionalPositiveInt,
})
export type TaskListSearch = v.InferOutput<typeof TaskListSearchSchema>

export const DEFAULT_TASK_ORDERING: Ordering<TaskOrderingField> = '-created'

/** The status filters the list sends: the Archived list always asks for ARCHIVED alone. */
function statusQuery(view: TaskListView, search: TaskListSearch) {
  if (view === 'archived') return { status: 'ARCHIVED' }
  const excluded = search.excluded_status ?? (search.status === undefined ? ['ARCHIVED'] : [])
  return {
    status: search.status?.join(','),
    excluded_status: excluded.join(','),
  }
}

/** The GET /client/tasks/ query of a list page (offset paging, page size 10). */
export function taskListApiQuery(
  view: TaskListView,
  search: TaskListSearch,
  clientGroup: number | null,
): ApiQuery {
  const metadata = Object.fromEntries(
    Object.entries(search.metadata ?? {}).map(([key, value]) => [
      `${METADATA_FILTER_PREFIX}${key}`,
      value,
    ]),
  )
  return {
    client_group: clientGroup,
    task_type: search.task_type,
    schema: search.schema,
    ...statusQuery(view, search),
    timeframe_start: dayStart(search.from),
    timeframe_end: dayEnd(search.to),
    search: search.search?.trim(),
    ordering: search.ordering ?? DEFAULT_TASK_ORDERING,
    ...pageWindow(search.page),
    ...metadata,
  }
}
