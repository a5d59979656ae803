import type { FastifyRequest } from 'fastify'
import type { Paged } from '../../contract/common'

/** A window by offset and limit; `page` (from 1) when the client paged by page number. */
export type PageRequest = { offset: number; limit: number; page?: number }

/**
 * The list envelope with absolute next/previous links: the request's own URL with the offset
 * (or, for a client paging by number, the page) moved, so every filter and the ordering carry
 * over.
 */
export function pageEnvelope<T>(
  request: FastifyRequest,
  { offset, limit, page }: PageRequest,
  count: number,
  results: T[],
): Paged<T> {
  const link = (to: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`)
    if (page === undefined) {
      url.searchParams.set('offset', String(to))
      url.searchParams.set('limit', String(limit))
    } else {
      url.searchParams.set('page', String(Math.floor(to / limit) + 1))
      url.searchParams.delete('page_size')
      url.searchParams.set('limit', String(limit))
    }
    return url.toString()
  }
  return {
    count,
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results,
  }
}
