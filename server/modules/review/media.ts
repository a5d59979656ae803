import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { msg } from '#lingui-message'
import type { Db } from '../../db/client'
import { notFound } from '../../http/errors'
import { itemMedia } from '../media/item-media'
import { findFullItem } from './item-queries'

export type MediaParams = { id: number; itemId: number; uuid: string }

/**
 * A media file of the item under review `params.id`, when `where` lets the user see that
 * review item; the item's data must name the uuid.
 */
export async function reviewMedia(db: Db, where: SQL, params: MediaParams) {
  const item = await findFullItem(db, params.id, sql`${where} and ri.item_id = ${params.itemId}`)
  const media = item && (await itemMedia(db, item.task.id, params.itemId, params.uuid))
  if (!media) throw notFound(msg`Media not found.`)
  return media
}
