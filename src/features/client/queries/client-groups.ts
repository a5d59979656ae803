import { queryOptions } from '@tanstack/react-query'
import { ClientGroupListSchema } from '../../../../contract/client-groups'
import { api } from '../../../api/client'

/**
 * The caller's client groups. Apart from the definitions' queries because route search checks
 * and guards use it at start-up, and those queries would bring every definition schema along.
 */
export const clientGroupsQuery = () =>
  queryOptions({
    queryKey: ['client', 'client-groups'] as const,
    queryFn: ({ signal }) =>
      api('client/client-groups/', { schema: ClientGroupListSchema, signal }),
    staleTime: 5 * 60_000,
  })
