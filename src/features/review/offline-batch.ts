import type { QueryClient } from '@tanstack/react-query'
import type { ReviewedItem } from '../../../contract/review'
import { mediaUuids } from '../../widgets/media-uuids'
import { keepOffline } from '../annotate/offline-files'
import { PDF_WORKER_URL } from '../protocols/pdf/pdf'
import { protocolPdfUrl, protocolViewUrl, publicProtocolQuery } from '../protocols/queries'
import { reviewMediaUrl } from './ReviewedItemView'

/**
 * Makes a protocol readable offline from a review card's link, as the annotator's protocol is:
 * the view the protocol page loads (a text protocol's text), and for a PDF the file and pdf.js's
 * worker, each held by the service worker. False when any of them could not be kept.
 */
export async function keepProtocolOffline(queryClient: QueryClient, protocolId: number) {
  try {
    const protocol = await queryClient.fetchQuery(publicProtocolQuery(protocolId))
    const urls = [protocolViewUrl(protocolId)]
    if (protocol.serving_type === 'PDF') urls.push(protocolPdfUrl(protocolId), PDF_WORKER_URL)
    const kept = await Promise.all(urls.map(keepOffline))
    return kept.every(Boolean)
  } catch {
    return false
  }
}

/**
 * Keeps what grading the locked batch offline needs on the device besides the items themselves:
 * the media of every item and the protocol of every task in it.
 */
export function keepBatchOffline(queryClient: QueryClient, items: ReviewedItem[]) {
  for (const item of items) {
    for (const uuid of mediaUuids(item.schema, item.item_data, item.annotation_data)) {
      void keepOffline(reviewMediaUrl('review/locked-items', item, uuid))
    }
  }
  for (const protocolId of new Set(items.map((item) => item.protocol.id))) {
    void keepProtocolOffline(queryClient, protocolId)
  }
}
