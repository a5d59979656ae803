import * as v from 'valibot'
import { USER_ORDERING_FIELDS } from '../../../../contract/list-params'
import {
  lenient,
  optionalDay,
  optionalOrdering,
  optionalPositiveInt,
  optionalText,
} from '../../client/tasks/table/search-params'
import { coordinationGroupSearch } from '../coordination-group-search'

const optionalFlag = lenient(v.boolean())
const optionalAmount = lenient(v.pipe(v.number(), v.integer(), v.minValue(0)))

/**
 * The users list's filters in the URL, so a filtered page survives a reload and can be shared.
 * The router checks them from start-up, so what builds the API query from them lives with the
 * page's queries (queries.ts), loaded with the page.
 */
export const UserListSearchSchema = v.object({
  ...coordinationGroupSearch,
  search: optionalText,
  has_alerts: optionalFlag,
  is_active: optionalFlag,
  is_endworker: optionalFlag,
  is_sso_account: optionalFlag,
  has_languages: optionalFlag,
  language: optionalPositiveInt,
  main_language: optionalPositiveInt,
  native_language: optionalPositiveInt,
  ratio_min: optionalAmount,
  ratio_max: optionalAmount,
  availability_min: optionalAmount,
  availability_max: optionalAmount,
  joined_from: optionalDay,
  joined_to: optionalDay,
  ordering: optionalOrdering(USER_ORDERING_FIELDS),
  page: optionalPositiveInt,
})
export type UserListSearch = v.InferOutput<typeof UserListSearchSchema>
