import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { items, mediaObjects } from '../../db/schema'

/** The media object `uuid` when the item belongs to the task and its data names the uuid. */
export async function itemMedia(db: Db, taskId: number, itemId: number, uuid: string) {
  const [row] = await db
    .select({
      storageKey: mediaObjects.storageKey,
      mimeType: mediaObjects.mimeType,
      originalName: mediaObjects.originalName,
    })
    .from(items)
    .innerJoin(mediaObjects, eq(mediaObjects.uuid, uuid))
    .where(
      and(
        eq(items.id, itemId),
        eq(items.taskId, taskId),
        sql`jsonb_path_exists(${items.data}, 'strict $.**.uuid ? (@ == $uuid)', jsonb_build_object('uuid', ${uuid}::text))`,
      ),
    )
  return row
}
