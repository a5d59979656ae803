import * as v from 'valibot'
import { USER_ORDERING_FIELDS } from '../../../../contract/list-params'
import {
  dayEnd,
  dayStart,
  lenient,
  optionalDay,
  optionalOrdering,
  optionalPositiveInt,
  optionalText,
  pageWindow,
} from '../../client/tasks/table/search-params'
import { coordinationGroupSearch } from '../coordination-group-search'

const optionalFlag = lenient(v.boolean())
const optionalAmount = lenient(v.pipe(v.number(), v.integer(), v.minValue(0)))

/** The users list's filters in the URL, so a filtered page survives a reload and can be shared. */
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

/** The filters of GET /coordinator/users/ (and its stats) for the page's search. */
export function userFilterQuery(search: UserListSearch, coordinationGroup: number | null) {
  return {
    coordination_group: coordinationGroup ?? undefined,
    search: search.search?.trim() || undefined,
    has_alerts: search.has_alerts,
    is_active: search.is_active,
    is_endworker: search.is_endworker,
    is_sso_account: search.is_sso_account,
    has_languages: search.has_languages,
    language: search.language,
    main_language: search.main_language,
    native_language: search.native_language,
    ratio_min: search.ratio_min,
    ratio_max: search.ratio_max,
    availability_min: search.availability_min,
    availability_max: search.availability_max,
    date_joined_after: dayStart(search.joined_from),
    date_joined_before: dayEnd(search.joined_to),
  }
}

export const userListQuery = (search: UserListSearch, coordinationGroup: number | null) => ({
  ...userFilterQuery(search, coordinationGroup),
  ordering: search.ordering ?? 'username',
  ...pageWindow(search.page),
})
