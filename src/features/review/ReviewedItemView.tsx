import { useQuery } from '@tanstack/react-query'
import type { ReviewedItem } from '../../../contract/review'
import { buildUrl } from '../../api/client'
import { ItemRenderer } from '../../widgets'
import { preferencesQuery } from '../auth/queries'

/** Where the media of a review item are fetched (spec section 7). */
export const reviewMediaUrl = (mediaBase: string, item: ReviewedItem, uuid: string) =>
  buildUrl(`${mediaBase}/${item.id}/media/${item.item_id}/${uuid}/`)

/**
 * The item under review and the worker's annotation, drawn read-only by the task's widgets.
 * `mediaBase` is the review item's path its media are fetched under (spec section 7).
 */
export function ReviewedItemView({ item, mediaBase }: { item: ReviewedItem; mediaBase: string }) {
  const preferences = useQuery(preferencesQuery())
  if (!preferences.data) return null
  const itemId = item.item_id
  return (
    <ItemRenderer
      schema={item.schema}
      item={{ id: itemId, data: item.item_data }}
      value={item.annotation_data}
      preferences={preferences.data}
      mediaUrl={(uuid) => reviewMediaUrl(mediaBase, item, uuid)}
    />
  )
}
