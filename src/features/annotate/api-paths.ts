/**
 * The item set's address in the API. Kept apart from the queries: the annotation route names it
 * for the start-up script (src/router.tsx), which must not carry the queries' code.
 */
export const itemSetPath = (itemSetId: number | string): string =>
  `endworker/item-sets/${itemSetId}/`
