import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import * as v from 'valibot'
import type { ClientGroup } from '../../../contract/client-groups'
import { clientGroupsQuery } from './queries/definitions'

/**
 * The client group the client pages filter by (the spec's 'Filter data'). The choice lives in the
 * URL search parameter `client_group`, so it survives reloads and links and is shared by every
 * client page; with only one client group that group is preselected. Apart from the selector
 * (client-group-filter.tsx), so route search checks and loaders do not load it.
 */

/** Search schema entries for routes whose pages use the filter (keeps the parameter typed). */
export const clientGroupSearch = {
  client_group: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => readId(value) ?? undefined),
    ),
  ),
}

function readId(value: unknown): number | null {
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * The group a page filters by: the one in the URL when it is one of the user's groups, else the
 * only group when there is just one, else none (all groups). Route loaders use it too.
 */
export function resolveClientGroup(
  fromUrl: unknown,
  groups: readonly ClientGroup[] | undefined,
): number | null {
  const id = readId(fromUrl)
  if (!groups) return id
  if (id !== null && groups.some((group) => group.id === id)) return id
  return groups.length === 1 && groups[0] ? groups[0].id : null
}

/** The selected client group id, or null for all of the user's groups. */
export function useClientGroupFilter(): number | null {
  const fromUrl = useSearch({
    strict: false,
    select: (search) => (search as Record<string, unknown>).client_group,
  })
  const { data: groups } = useQuery(clientGroupsQuery())
  return resolveClientGroup(fromUrl, groups)
}
