import { asc, desc, ilike, inArray, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { DefinitionOrdering } from '../../../contract/client-definitions'
import type { Paged } from '../../../contract/common'
import type { ClientScope } from '../client-groups/scope'

/**
 * The client groups a list may show: the scope's groups, narrowed to `requested` when given.
 * 'none' when nothing can match, so callers answer an empty list without querying.
 */
export function groupCondition(
  column: AnyPgColumn,
  scope: ClientScope,
  requested: number | undefined,
): SQL | undefined | 'none' {
  if (requested !== undefined) {
    if (scope.groupIds !== null && !scope.groupIds.includes(requested)) return 'none'
    return sql`${column} = ${requested}`
  }
  if (scope.groupIds === null) return undefined
  return scope.groupIds.length === 0 ? 'none' : inArray(column, scope.groupIds)
}

/** Case-insensitive substring match, with the search text's own % and _ taken literally. */
export function nameMatches(
  column: AnyPgColumn | SQL,
  search: string | undefined,
): SQL | undefined {
  if (!search) return undefined
  return ilike(column, `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
}

/**
 * ORDER BY for `ordering=field|-field`, ties broken by id so pages never overlap. Names sort
 * case-insensitively, the same on PostgreSQL and PGlite whatever their collations.
 */
export function orderBy(
  ordering: DefinitionOrdering,
  columns: { id: AnyPgColumn; name: AnyPgColumn; createdAt: AnyPgColumn },
): SQL[] {
  const direction = ordering.startsWith('-') ? desc : asc
  const key = ordering.replace(/^-/, '')
  if (key === 'id') return [direction(columns.id)]
  const sortKey = key === 'name' ? sql`lower(${columns.name})` : columns.createdAt
  return [direction(sortKey), direction(columns.id)]
}

/**
 * The list envelope. `next` and `previous` are the request's own URL (path and query, under /api)
 * with offset moved by one page.
 */
export function pageEnvelope<T>(
  requestUrl: string,
  { offset, limit }: { offset: number; limit: number },
  count: number,
  results: T[],
): Paged<T> {
  const pageUrl = (pageOffset: number) => {
    const url = new URL(requestUrl, 'http://local')
    url.searchParams.set('offset', String(pageOffset))
    url.searchParams.set('limit', String(limit))
    return `${url.pathname}${url.search}`
  }
  return {
    count,
    next: offset + limit < count ? pageUrl(offset + limit) : null,
    previous: offset > 0 ? pageUrl(Math.max(0, offset - limit)) : null,
    results,
  }
}

/** Puts rows loaded by id back into the order of `ids`. */
export function inOrderOf<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
