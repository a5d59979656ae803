import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { resolveGroup } from '../../../../ui/group-filter-search'
import { clientGroupsQuery } from '../../queries/definitions'
import { FIRST_PAGE, listQuery } from './list-state'

/** A definition id from the path; anything but a positive whole number is a missing page. */
export function parseIdParam(value: string): number {
  if (!/^[1-9]\d{0,14}$/.test(value)) throw notFound()
  return Number(value)
}

/**
 * Prefetches the first page a definition list shows, for the client group in the URL (or the
 * only one), so the list appears with its data. A failure is left for the page to show.
 */
export async function prefetchFirstPage<T, TKey extends QueryKey>(
  queryClient: QueryClient,
  clientGroupFromUrl: unknown,
  listOptions: (query: ReturnType<typeof listQuery>) => FetchQueryOptions<T, Error, T, TKey>,
): Promise<void> {
  const groups = await queryClient.ensureQueryData(clientGroupsQuery()).catch(() => undefined)
  const clientGroup = resolveGroup(clientGroupFromUrl, groups)
  await queryClient.prefetchQuery(listOptions(listQuery({ clientGroup, ...FIRST_PAGE })))
}

/** `replaced`: on a version's page, the version an edit has just replaced with it. */
export const replacedSearch = v.fallback(
  v.object({ replaced: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) }),
  {},
)
