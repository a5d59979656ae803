import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  AnonymizedSchema,
  ApprovalCountSchema,
  type ApprovalDecision,
  CoordinatorApprovalListSchema,
  CoordinatorApprovalSchema,
  CoordinatorUserListSchema,
  CoordinatorUserOptionsSchema,
  type CoordinatorUserPatch,
  CoordinatorUserSchema,
  CoordinatorUserStatsSchema,
  GroupWithMembersListSchema,
  NamedRefListSchema,
  QualityStopListSchema,
  UserBaseSchema,
} from '../../../../contract/coordinator-users'
import { api } from '../../../api/client'
import { dayEnd, dayStart, pageWindow } from '../../client/tasks/table/search-params'
import type { ApprovalListSearch } from '../approvals/search'
import { coordinatorKeys } from '../queries'
import type { UserListSearch } from './search'

type Query = Record<string, string | number | boolean | undefined>

const USERS = 'coordinator/users/'
const APPROVALS = 'coordinator/profile-approvals/'

export const coordinatorUserKeys = {
  users: () => [...coordinatorKeys.all, 'users'] as const,
  approvals: () => [...coordinatorKeys.all, 'profile-approvals'] as const,
}

export const userListQueryOptions = (query: Query) =>
  queryOptions({
    queryKey: [...coordinatorUserKeys.users(), 'list', query] as const,
    queryFn: ({ signal }) => api(USERS, { schema: CoordinatorUserListSchema, query, signal }),
    placeholderData: keepPreviousData,
  })

export const userStatsQueryOptions = (query: Query) =>
  queryOptions({
    queryKey: [...coordinatorUserKeys.users(), 'stats', query] as const,
    queryFn: ({ signal }) =>
      api(`${USERS}stats/`, { schema: CoordinatorUserStatsSchema, query, signal }),
    placeholderData: keepPreviousData,
  })

/** Every user within the coordinator's reach, light (`base`), for pickers. */
export const userRefsQuery = () =>
  queryOptions({
    queryKey: [...coordinatorUserKeys.users(), 'refs'] as const,
    queryFn: ({ signal }) =>
      api(USERS, { schema: v.array(UserBaseSchema), query: { base: true }, signal }),
    staleTime: 5 * 60_000,
  })

/** The groups within the caller's reach with their members (every group for staff). */
export const allGroupsQuery = () =>
  queryOptions({
    queryKey: [...coordinatorKeys.all, 'groups-all'] as const,
    queryFn: ({ signal }) =>
      api('coordinator/groups-all/', { schema: GroupWithMembersListSchema, signal }),
    staleTime: 5 * 60_000,
  })

/** Task types or projects handed to the coordinator's groups, for filters and exports. */
export const coordinatorChoicesQuery = (kind: 'task-types' | 'projects') =>
  queryOptions({
    queryKey: [...coordinatorKeys.all, 'choices', kind] as const,
    queryFn: ({ signal }) => api(`coordinator/${kind}/`, { schema: NamedRefListSchema, signal }),
    staleTime: 5 * 60_000,
  })

/** The languages and other choices of the filters (OPTIONS /coordinator/users/). */
export const userOptionsQuery = () =>
  queryOptions({
    queryKey: [...coordinatorUserKeys.users(), 'options'] as const,
    queryFn: ({ signal }) =>
      api(USERS, { method: 'OPTIONS', schema: CoordinatorUserOptionsSchema, signal }),
    staleTime: 10 * 60_000,
  })

export const patchUser = (id: number, body: CoordinatorUserPatch) =>
  api(`${USERS}${id}/`, { method: 'PATCH', body, schema: CoordinatorUserSchema })

export const anonymizeUser = (id: number) =>
  api(`${USERS}${id}/anonymize/`, { method: 'PUT', schema: AnonymizedSchema })

/** The user's stops by the quality gate, newest first. */
export const qualityStopsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...coordinatorUserKeys.users(), id, 'quality-stops'] as const,
    queryFn: ({ signal }) =>
      api(`${USERS}${id}/quality-stops/`, { schema: QualityStopListSchema, signal }),
  })

/** Lets the user back into the task type the quality gate stopped them from. */
export const releaseQualityStop = (id: number, taskTypeId: number) =>
  api(`${USERS}${id}/quality-release/`, {
    method: 'POST',
    body: { task_type: taskTypeId },
    schema: QualityStopListSchema,
  })

export const approvalListQueryOptions = (query: Query) =>
  queryOptions({
    queryKey: [...coordinatorUserKeys.approvals(), 'list', query] as const,
    queryFn: ({ signal }) =>
      api(APPROVALS, { schema: CoordinatorApprovalListSchema, query, signal }),
    placeholderData: keepPreviousData,
  })

export const approvalCountQueryOptions = (query: Query) =>
  queryOptions({
    queryKey: [...coordinatorUserKeys.approvals(), 'count', query] as const,
    queryFn: ({ signal }) =>
      api(`${APPROVALS}count/`, { schema: ApprovalCountSchema, query, signal }),
  })

export const decideApproval = (id: number, body: ApprovalDecision) =>
  api(`${APPROVALS}${id}/`, { method: 'PATCH', body, schema: CoordinatorApprovalSchema })

export const deleteApproval = (id: number) => api(`${APPROVALS}${id}/`, { method: 'DELETE' })

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

export function approvalListQuery(search: ApprovalListSearch, coordinationGroup: number | null) {
  const status = search.status ?? '0'
  return {
    coordination_group: coordinationGroup ?? undefined,
    status: status === 'all' ? undefined : status,
    search: search.search?.trim() || undefined,
    ordering: search.ordering ?? 'created',
    ...pageWindow(search.page),
  }
}
