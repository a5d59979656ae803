import * as v from 'valibot'
import { ITEM_SET_ORDERING_FIELDS } from '../../../../contract/list-params'
import {
  lenient,
  optionalOrdering,
  optionalPositiveInt,
  optionalText,
} from '../../client/tasks/table/search-params'
import { coordinationGroupSearch } from '../coordination-group-search'

export const ItemSetListSearchSchema = v.object({
  ...coordinationGroupSearch,
  search: optionalText,
  /** Only sets with done work carrying a quality flag (true) or without (false). */
  flagged: lenient(v.boolean()),
  ordering: optionalOrdering(ITEM_SET_ORDERING_FIELDS),
  page: optionalPositiveInt,
})
export type ItemSetListSearch = v.InferOutput<typeof ItemSetListSearchSchema>
