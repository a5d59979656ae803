import { buffer } from 'node:stream/consumers'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import {
  CLEAR_KEY_PROTECTION,
  MEDIA_LICENSE_PATH,
  MEDIA_PROTECTION_HEADER,
  PROTECTED_AUDIO_MANIFEST_TYPE,
} from '../../../contract/media'
import type { Db } from '../../db/client'
import { items, mediaObjects } from '../../db/schema'
import { notFound } from '../../http/errors'
import { protectedAudioManifest } from './protection/manifest'
import { readProtectedAudioFrom } from './protection/protected-file'
import { sendStoredFile } from './storage'
import type { MediaStore } from './store/media-store'

/** The media object `uuid` when the item belongs to the task and its data names the uuid. */
export async function itemMedia(db: Db, taskId: number, itemId: number, uuid: string) {
  const [row] = await db
    .select({
      storageKey: mediaObjects.storageKey,
      mimeType: mediaObjects.mimeType,
      originalName: mediaObjects.originalName,
      contentKeyId: mediaObjects.contentKeyId,
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

export type ItemMediaFile = NonNullable<Awaited<ReturnType<typeof itemMedia>>>

/**
 * Answers an item's media file, as the media URLs of item sets, previews and review items do.
 * Protected audio is answered encrypted, marked `X-Media-Protection: clearkey`; with
 * `manifest` the same URL answers the DASH manifest that describes the file for the player,
 * pointing back at the URL itself for the media and at the licence call for the key.
 */
export async function sendItemMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  media: ItemMediaFile,
  { manifest }: { manifest: boolean },
) {
  const isProtected = media.contentKeyId !== null
  if (manifest) {
    if (!isProtected) {
      throw notFound(
        msg`This media file is not protected audio, so it has no manifest: fetch it without ?manifest=true.`,
      )
    }
    const stored = await store.head(media.storageKey)
    if (!stored) throw notFound(msg`The media file is missing from storage.`)
    // Only the header boxes are read, with ranged reads: no whole file leaves the store for it.
    const layout = await readProtectedAudioFrom({
      size: stored.size,
      read: async (offset, length) =>
        Buffer.from(
          await buffer(
            await store.get(media.storageKey, { start: offset, end: offset + length - 1 }),
          ),
        ),
    })
    const mediaUrl = request.url.split('?')[0]!
    reply.header('Content-Type', PROTECTED_AUDIO_MANIFEST_TYPE)
    reply.header('Cache-Control', 'private, max-age=31536000, immutable')
    return reply.send(protectedAudioManifest(layout, { mediaUrl, licenseUrl: MEDIA_LICENSE_PATH }))
  }
  if (isProtected) reply.header(MEDIA_PROTECTION_HEADER, CLEAR_KEY_PROTECTION)
  return sendStoredFile(request, reply, store, media)
}
