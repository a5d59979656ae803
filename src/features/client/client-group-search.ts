import { groupIdSearchEntry } from '../../ui/group-filter-search'

/**
 * The client group the client pages filter by (the spec's 'Filter data'), in the URL search
 * parameter `client_group` (the rule in ui/group-filter-search.ts). Route search checks, held by
 * the router from start-up, use this entry; the selected group (use-client-group.ts) and the
 * selector (client-group-filter.tsx) come with the pages.
 */

/** Search schema entries for routes whose pages use the filter (keeps the parameter typed). */
export const clientGroupSearch = { client_group: groupIdSearchEntry() }
