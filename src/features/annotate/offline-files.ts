import { API_BASE } from '../../../contract/constants'
import type { WorkerItemSet } from '../../../contract/worker'
import { mediaUuids } from '../../widgets/media-uuids'
import { PDF_WORKER_URL } from '../protocols/pdf/pdf'
import { protocolPdfUrl } from '../protocols/queries'

/** Where the annotation screen fetches an item's media (spec section 7). */
export const itemMediaUrl = (itemSetId: number, itemId: number, uuid: string): string =>
  `${API_BASE}/endworker/item-sets/${itemSetId}/media/${itemId}/${uuid}/`

const ITEM_MEDIA_PATH = new RegExp(`^${API_BASE}/endworker/item-sets/(\\d+)/media/`)

/** The item set whose media `url` (as `itemMediaUrl` builds it) is; null for any other URL. */
export function itemSetOfMediaUrl(url: string): number | null {
  const match = ITEM_MEDIA_PATH.exec(new URL(url, location.href).pathname)
  return match ? Number(match[1]) : null
}

/**
 * Every file the service worker must hold for the set to be worked on offline: the media of
 * each item and its annotation, and for a PDF protocol the file and pdf.js's worker.
 */
export function offlineFileUrls(view: WorkerItemSet): string[] {
  const urls = view.items.flatMap((item) =>
    mediaUuids(view.schema, item.data, item.annotation?.data).map((uuid) =>
      itemMediaUrl(view.id, item.id, uuid),
    ),
  )
  if (view.protocol.serving_type === 'PDF')
    urls.push(protocolPdfUrl(view.protocol.id), PDF_WORKER_URL)
  return urls
}

const CACHE_CHECKS = 20
const CACHE_CHECK_INTERVAL_MS = 100

async function isCached(url: string): Promise<boolean> {
  if (typeof caches === 'undefined') return false
  return (await caches.match(url, { ignoreVary: true })) !== undefined
}

/**
 * Makes sure the service worker holds a copy of `url`: fetched once, the worker's runtime cache
 * keeps it. The worker stores its copy after answering, so the copy is waited for. Without a
 * worker (a browser lacking one) a successful download is all that can be done.
 */
export async function keepOffline(url: string): Promise<boolean> {
  try {
    if (await isCached(url)) return true
    const response = await fetch(url, { credentials: 'same-origin' })
    if (!response.ok) return false
    await response.arrayBuffer()
    if (!navigator.serviceWorker?.controller) return true
    for (let check = 0; check < CACHE_CHECKS; check++) {
      if (await isCached(url)) return true
      await new Promise((resolve) => setTimeout(resolve, CACHE_CHECK_INTERVAL_MS))
    }
    return false
  } catch {
    return false
  }
}
