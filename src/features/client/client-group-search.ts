import { useQuery } from '@tanstack/react-query'
import { groupIdSearchEntry, resolveGroup, useGroupSearchValue } from '../../ui/group-filter-search'
import { clientGroupsQuery } from './queries/client-groups'

/**
 * The client group the client pages filter by (the spec's 'Filter data'), in the URL search
 * parameter `client_group` (the rule in ui/group-filter-search.ts). Apart from the selector
 * (client-group-filter.tsx), so route search checks and loaders do not load it.
 */

/** Search schema entries for routes whose pages use the filter (keeps the parameter typed). */
export const clientGroupSearch = { client_group: groupIdSearchEntry() }

/** The selected client group id, or null for all of the user's groups. */
export function useClientGroupFilter(): number | null {
  const fromUrl = useGroupSearchValue('client_group')
  const { data: groups } = useQuery(clientGroupsQuery())
  return resolveGroup(fromUrl, groups)
}
