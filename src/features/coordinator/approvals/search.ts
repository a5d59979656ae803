import * as v from 'valibot'
import { APPROVAL_ORDERING_FIELDS } from '../../../../contract/list-params'
import {
  lenient,
  optionalOrdering,
  optionalPositiveInt,
  optionalText,
} from '../../client/tasks/table/search-params'
import { coordinationGroupSearch } from '../coordination-group-search'

/** `all`, or one approval status (contract/auth.ts APPROVAL_STATUS); pending when left out. */
export const APPROVAL_STATUS_FILTERS = ['0', '2', '3', '1', 'all'] as const

export const ApprovalListSearchSchema = v.object({
  ...coordinationGroupSearch,
  status: lenient(v.picklist(APPROVAL_STATUS_FILTERS)),
  search: optionalText,
  ordering: optionalOrdering(APPROVAL_ORDERING_FIELDS),
  page: optionalPositiveInt,
})
export type ApprovalListSearch = v.InferOutput<typeof ApprovalListSearchSchema>
