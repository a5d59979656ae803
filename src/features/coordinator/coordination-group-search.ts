import { groupIdSearchEntry } from '../../ui/group-filter-search'

/**
 * The coordination group the coordinator pages show, in the URL search parameter
 * `coordination_group` (the rule in ui/group-filter-search.ts). Route search checks, held by the
 * router from start-up, use this entry; the selected group (use-coordination-group.ts) and the
 * selector (CoordinationGroupFilter.tsx) come with the pages.
 */

/** Search schema entries for routes whose pages use the selector (keeps the parameter typed). */
export const coordinationGroupSearch = { coordination_group: groupIdSearchEntry() }
