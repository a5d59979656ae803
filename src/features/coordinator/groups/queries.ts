import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { GroupWithMembersSchema, UserBaseSchema } from '../../../../contract/coordinator-users'
import { api } from '../../../api/client'
import { coordinatorUserKeys } from '../users/queries'

/** How many characters a member search needs before the server is asked. */
export const MEMBER_SEARCH_MIN_CHARS = 2

/** The coordinator's users matching a search (username, names or e-mail), light, for picking. */
export const memberSearchQuery = (search: string) =>
  queryOptions({
    queryKey: [...coordinatorUserKeys.users(), 'search', search] as const,
    queryFn: ({ signal }) =>
      api('coordinator/users/', {
        schema: v.array(UserBaseSchema),
        query: { base: true, search },
        signal,
      }),
    enabled: search.length >= MEMBER_SEARCH_MIN_CHARS,
    staleTime: 60_000,
  })

export const saveGroupMembers = (groupId: number, userIds: number[]) =>
  api(`coordinator/groups-all/${groupId}/`, {
    method: 'PATCH',
    body: { user_set: userIds },
    schema: GroupWithMembersSchema,
  })
