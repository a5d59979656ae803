import { queryOptions } from '@tanstack/react-query'
import { ProtocolViewSchema } from '../../../contract/client-definitions'
import { API_BASE } from '../../../contract/constants'
import { api } from '../../api/client'

export const protocolKeys = {
  all: ['protocols'] as const,
  public: (id: number) => [...protocolKeys.all, 'public', id] as const,
}

/**
 * The public protocol view (no sign-in needed). A 404 is the page's to handle (it shows the
 * not-found page, spec section 8), so it is kept from the global notice.
 */
export const publicProtocolQuery = (id: number) =>
  queryOptions({
    queryKey: protocolKeys.public(id),
    queryFn: ({ signal }) =>
      api(`media/protocols/${id}/`, { schema: ProtocolViewSchema, signal, handledStatuses: [404] }),
  })

/** The protocol view's URL, as publicProtocolQuery fetches it: what the service worker keeps. */
export const protocolViewUrl = (id: number): string => `${API_BASE}/media/protocols/${id}/`

/** The PDF of a protocol: the URL the service worker caches for offline reading. */
export const protocolPdfUrl = (id: number): string =>
  `${API_BASE}/media/protocols/${id}/?serve=true`
