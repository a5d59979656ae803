import { useQuery } from '@tanstack/react-query'
import { resolveGroup, useGroupSearchValue } from '../../ui/group-filter-search'
import { coordinationGroupsQuery } from './queries'

/**
 * The selected coordination group id (URL parameter of coordination-group-search.ts), or null for
 * all of the user's groups.
 */
export function useCoordinationGroupFilter(): number | null {
  const fromUrl = useGroupSearchValue('coordination_group')
  const { data: groups } = useQuery(coordinationGroupsQuery())
  return resolveGroup(fromUrl, groups)
}
