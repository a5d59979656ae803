import type { FastifyRequest } from 'fastify'
import type { Paged } from '../../../contract/common'

export type PageRequest = { offset: number; limit: number }

/**
 * The list envelope with absolute next/previous links: the request's own URL with the offset
 * moved, so every filter and the ordering carry over.
 */
export function pageEnvelope<T>(
  request: FastifyRequest,
  { offset, limit }: PageRequest,
  count: number,
  results: T[],
): Paged<T> {
  const link = (to: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`)
    url.searchParams.set('offset', String(to))
    url.searchParams.set('limit', String(limit))
    return url.toString()
  }
  return {
    count,
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results,
  }
}
