import { useSearch } from '@tanstack/react-router'
import * as v from 'valibot'

/**
 * The group selectors of the role areas ('Filter data' of the client pages, the coordination
 * group of the coordinator pages) keep the chosen group id in a URL search parameter, so it
 * survives reloads and links and is shared by every page of the area; with only one group that
 * group is preselected.
 */

function readId(value: unknown): number | null {
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** The search schema entry of a group parameter: a positive id, anything else dropped. */
export const groupIdSearchEntry = () =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => readId(value) ?? undefined),
    ),
  )

/**
 * The group a page filters by: the one in the URL when it is one of the user's groups, else the
 * only group when there is just one, else none (all groups).
 */
export function resolveGroup(
  fromUrl: unknown,
  groups: readonly { id: number }[] | undefined,
): number | null {
  const id = readId(fromUrl)
  if (!groups) return id
  if (id !== null && groups.some((group) => group.id === id)) return id
  return groups.length === 1 && groups[0] ? groups[0].id : null
}

/** The raw value of the group parameter `name` in the current URL. */
export function useGroupSearchValue(name: string): unknown {
  return useSearch({
    strict: false,
    select: (search) => (search as Record<string, unknown>)[name],
  })
}
