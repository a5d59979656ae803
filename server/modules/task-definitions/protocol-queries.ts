import { eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { clientGroupColumns, userRefColumns } from '../../db/ref-columns'
import { rowsById } from '../../db/rows'
import { clientGroups, mediaObjects, taskProtocols, users } from '../../db/schema'
import type { UploadedPdf } from './protocol-upload'

export const protocolTable = rowsById(taskProtocols, 'task protocol')
export type ProtocolRow = NonNullable<Awaited<ReturnType<typeof protocolTable.lock>>>

const fileCreators = alias(users, 'file_creators')

export async function protocolRows(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({
      protocol: taskProtocols,
      author: userRefColumns,
      clientGroup: clientGroupColumns,
      file: {
        id: mediaObjects.id,
        uuid: mediaObjects.uuid,
        name: mediaObjects.originalName,
        createdAt: mediaObjects.createdAt,
      },
      fileCreator: { id: fileCreators.id, username: fileCreators.username },
    })
    .from(taskProtocols)
    .innerJoin(clientGroups, eq(clientGroups.id, taskProtocols.clientGroupId))
    .leftJoin(users, eq(users.id, taskProtocols.authorId))
    .leftJoin(mediaObjects, eq(mediaObjects.id, taskProtocols.fileId))
    .leftJoin(fileCreators, eq(fileCreators.id, mediaObjects.creatorId))
    .where(inArray(taskProtocols.id, ids))
}

export async function findProtocol(db: Db, id: number) {
  const [row] = await db.select().from(taskProtocols).where(eq(taskProtocols.id, id)).limit(1)
  return row
}

export async function insertPdfObject(db: Db, file: UploadedPdf, creatorId: number) {
  const [row] = await db
    .insert(mediaObjects)
    .values({
      uuid: file.uuid,
      storageKey: file.storageKey,
      originalName: file.originalName,
      mimeType: 'application/pdf',
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      creatorId,
    })
    .returning({ id: mediaObjects.id })
  if (!row) throw new Error('media object insert returned nothing')
  return row.id
}

export async function findMediaObject(db: Db, id: number) {
  const [row] = await db.select().from(mediaObjects).where(eq(mediaObjects.id, id)).limit(1)
  return row
}

/**
 * Deletes a protocol file's media row once no protocol version points at it any more (versions
 * share the PDF they did not replace); answers its storage key, or null when it is still used.
 */
export async function deleteMediaObjectIfUnreferenced(db: Db, id: number) {
  const [user] = await db
    .select({ id: taskProtocols.id })
    .from(taskProtocols)
    .where(eq(taskProtocols.fileId, id))
    .limit(1)
  if (user) return null
  const [row] = await db
    .delete(mediaObjects)
    .where(eq(mediaObjects.id, id))
    .returning({ storageKey: mediaObjects.storageKey })
  return row?.storageKey ?? null
}
