import { inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { discardedFiles } from '../../db/schema'
import type { MediaStore } from './store/media-store'

/**
 * Lists stored files for removal, in the transaction that stops referring to them: they are
 * removed once it commits (`removeDiscardedFiles`), and the purge job removes any a crash left.
 */
export async function discardFiles(db: Db, storageKeys: string[]): Promise<void> {
  if (storageKeys.length === 0) return
  await db
    .insert(discardedFiles)
    .values(storageKeys.map((storageKey) => ({ storageKey })))
    .onConflictDoNothing()
}

/** Removes the listed files, then their entries; a file already gone counts as removed. */
export async function removeDiscardedFiles(db: Db, media: MediaStore): Promise<number> {
  const listed = await db.select({ storageKey: discardedFiles.storageKey }).from(discardedFiles)
  const keys = listed.map((row) => row.storageKey)
  for (const key of keys) await media.delete(key)
  if (keys.length > 0)
    await db.delete(discardedFiles).where(inArray(discardedFiles.storageKey, keys))
  return keys.length
}
