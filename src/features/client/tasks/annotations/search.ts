import * as v from 'valibot'
import { ANNOTATION_ORDERING_FIELDS } from '../../../../../contract/list-params'
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

const optionalFlag = lenient(v.picklist(['yes', 'no']))
export type FlagFilter = v.InferOutput<typeof optionalFlag>

/** The explorer's state in the URL: the task, the filters, ordering and page. */
export const AnnotationSearchSchema = v.object({
  ...clientGroupSearch,
  task: optionalPositiveInt,
  user: optionalPositiveInt,
  done: optionalFlag,
  errors: optionalFlag,
  from: optionalDay,
  to: optionalDay,
  search: optionalText,
  ordering: optionalOrdering(ANNOTATION_ORDERING_FIELDS),
  page: optionalPositiveInt,
})
export type AnnotationSearch = v.InferOutput<typeof AnnotationSearchSchema>

export const DEFAULT_ANNOTATION_ORDERING = 'id'

const flag = (value: FlagFilter) => (value === undefined ? undefined : value === 'yes')

/** The GET /client/tasks/{id}/annotations/ query of the explorer's state. */
export function annotationApiQuery(search: AnnotationSearch): ApiQuery {
  return {
    user: search.user,
    is_done: flag(search.done),
    has_errors: flag(search.errors),
    created_after: dayStart(search.from),
    created_before: dayEnd(search.to),
    search: search.search?.trim(),
    ordering: search.ordering ?? DEFAULT_ANNOTATION_ORDERING,
    ...pageWindow(search.page),
  }
}
