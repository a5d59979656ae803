import { API_BASE } from '../../../contract/constants'
import type { WorkerItemSet } from '../../../contract/worker'
import { missingMediaKeyIds, storeMediaKeys } from '../../offline/media-keys'
import { requestMediaKeys } from '../../widgets/media/protected/licence'
import {
  isProtectedMedia,
  keyIdsOfManifest,
  manifestUrlOf,
} from '../../widgets/media/protected/protection'
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
 * each item and its annotation, and for a PDF protocol the file and pdf.js's worker. (Protected
 * audio brings its manifest and keys along: keepOffline.)
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

async function cachedCopy(url: string): Promise<Response | undefined> {
  if (typeof caches === 'undefined') return undefined
  return caches.match(url, { ignoreVary: true })
}

/**
 * The service worker's copy of `url` (fetched once, the worker's runtime cache keeps it), body
 * unread. The worker stores its copy after answering, so the copy is waited for. Without a worker
 * (a browser lacking one) a successful download is all that can be done.
 */
async function keptCopy(url: string): Promise<Response | undefined> {
  const cached = await cachedCopy(url)
  if (cached) return cached
  const response = await fetch(url, { credentials: 'same-origin' })
  if (!response.ok) return undefined
  const copy = response.clone()
  await response.arrayBuffer()
  if (!navigator.serviceWorker?.controller) return copy
  for (let check = 0; check < CACHE_CHECKS; check++) {
    if (await cachedCopy(url)) return copy
    await new Promise((resolve) => setTimeout(resolve, CACHE_CHECK_INTERVAL_MS))
  }
  return undefined
}

/** Licence calls under way, by item set and key ids: parallel downloads share one. */
const keysUnderWay = new Map<string, Promise<void>>()

/** Puts the item set's keys for `keyIds` in the device's key store, asking only for missing ones. */
function keepKeysOffline(itemSetId: number, keyIds: string[]): Promise<void> {
  const request = `${itemSetId}|${keyIds.join(',')}`
  let underWay = keysUnderWay.get(request)
  if (!underWay) {
    underWay = (async () => {
      const missing = await missingMediaKeyIds(itemSetId, keyIds)
      if (missing.length > 0) await storeMediaKeys(itemSetId, await requestMediaKeys(missing))
    })().finally(() => keysUnderWay.delete(request))
    keysUnderWay.set(request, underWay)
  }
  return underWay
}

/**
 * Protected audio needs its manifest too, and the keys it names in the device's key store (the
 * licence call cannot be made offline, and the service worker never keeps its answers).
 */
async function keepProtectedOffline(mediaUrl: string): Promise<boolean> {
  const itemSetId = itemSetOfMediaUrl(mediaUrl)
  const manifest = await keptCopy(manifestUrlOf(mediaUrl))
  if (itemSetId === null || !manifest) return false
  const keyIds = keyIdsOfManifest(await manifest.text())
  await keepKeysOffline(itemSetId, keyIds)
  return (await missingMediaKeyIds(itemSetId, keyIds)).length === 0
}

/** Makes sure the device holds `url` for offline work: true once it does. */
export async function keepOffline(url: string): Promise<boolean> {
  try {
    const copy = await keptCopy(url)
    if (!copy) return false
    return isProtectedMedia(copy) ? await keepProtectedOffline(url) : true
  } catch {
    return false
  }
}
