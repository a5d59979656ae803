import { useQuery } from '@tanstack/react-query'
import { resolveGroup, useGroupSearchValue } from '../../ui/group-filter-search'
import { clientGroupsQuery } from './queries/client-groups'

/**
 * The selected client group id (URL parameter of client-group-search.ts), or null for all of the
 * user's groups.
 */
export function useClientGroupFilter(): number | null {
  const fromUrl = useGroupSearchValue('client_group')
  const { data: groups } = useQuery(clientGroupsQuery())
  return resolveGroup(fromUrl, groups)
}
