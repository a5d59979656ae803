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
  UserBaseSchema,
} from '../../../../contract/coordinator-users'
import { api } from '../../../api/client'
import { coordinatorKeys } from '../queries'

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
