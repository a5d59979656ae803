import { useQuery } from '@tanstack/react-query'
import { groupIdSearchEntry, resolveGroup, useGroupSearchValue } from '../../ui/group-filter-search'
import { coordinationGroupsQuery } from './queries'

/**
 * The coordination group the coordinator pages show, in the URL search parameter
 * `coordination_group` (the rule in ui/group-filter-search.ts). Apart from the selector
 * (CoordinationGroupFilter.tsx), so route search checks do not load it.
 */

/** Search schema entries for routes whose pages use the selector (keeps the parameter typed). */
export const coordinationGroupSearch = { coordination_group: groupIdSearchEntry() }

/** The selected coordination group id, or null for all of the user's groups. */
export function useCoordinationGroupFilter(): number | null {
  const fromUrl = useGroupSearchValue('coordination_group')
  const { data: groups } = useQuery(coordinationGroupsQuery())
  return resolveGroup(fromUrl, groups)
}
