import { queryOptions } from '@tanstack/react-query'
import { MENU_COUNTER_REFRESH_MS } from '../../../contract/constants'
import {
  CoordinationGroupListSchema,
  type CoordinatorCounters,
  CoordinatorCountersSchema,
} from '../../../contract/coordinator'
import { api } from '../../api/client'

export const coordinatorKeys = {
  all: ['coordinator'] as const,
  counters: () => [...coordinatorKeys.all, 'counters'] as const,
  groups: () => [...coordinatorKeys.all, 'groups'] as const,
}

/** The caller's coordination groups, for the selector of every coordinator page. */
export const coordinationGroupsQuery = () =>
  queryOptions({
    queryKey: coordinatorKeys.groups(),
    queryFn: ({ signal }) =>
      api('coordinator/groups/', { schema: CoordinationGroupListSchema, signal }),
    staleTime: 5 * 60_000,
  })

/**
 * The menu counters, refreshed every five minutes (the spec's periodic behaviour) while any of
 * them is still empty: a non-empty counter already calls for attention, and the coordinator's
 * own decisions refresh the counters at once (they invalidate every coordinator query). They
 * run in the background, so only a lost session is reported; other failures just leave the
 * badges as they were.
 */
export const coordinatorCountersQuery = () =>
  queryOptions({
    queryKey: coordinatorKeys.counters(),
    queryFn: ({ signal }) =>
      api('coordinator/counters/', {
        schema: CoordinatorCountersSchema,
        signal,
        handledStatuses: [403, 404, 500, 503],
      }),
    refetchInterval: (query) =>
      query.state.data && everyCounterNonEmpty(query.state.data) ? false : MENU_COUNTER_REFRESH_MS,
  })

function everyCounterNonEmpty(counters: CoordinatorCounters): boolean {
  return (
    counters.users_with_alerts > 0 &&
    counters.pending_profile_approvals > 0 &&
    counters.pending_time_logs > 0
  )
}

export function needsCoordinatorAttention(counters: CoordinatorCounters | undefined): boolean {
  if (!counters) return false
  return (
    counters.users_with_alerts > 0 ||
    counters.pending_profile_approvals > 0 ||
    counters.pending_time_logs > 0
  )
}
