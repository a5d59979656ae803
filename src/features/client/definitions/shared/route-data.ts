import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { resolveGroup } from '../../../../ui/group-filter-search'
import { clientGroupsQuery } from '../../queries/client-groups'
import { FIRST_PAGE, listQuery } from './list-state'

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
