import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, identityId, setNullRef } from './columns'
import { users } from './identity'
import { tasks } from './tasks'

/**
 * A stored file: item audio and images, protocol PDFs, uploaded task data and finance master
 * files. The bytes live under the media directory (or an object store) at `storageKey`; clients
 * only ever see the uuid, which item data references.
 */
export const mediaObjects = pgTable(
  'media_objects',
  {
    id: identityId(),
    uuid: uuid().notNull().unique().defaultRandom(),
    /**
     * Media that belongs to one task goes with it; protocol files and uploads have none. Typed by
     * hand because tasks also reference media, which TypeScript cannot infer through.
     */
    taskId: integer().references((): AnyPgColumn => tasks.id, { onDelete: 'cascade' }),
    /** Path relative to the media directory, also the object key in an S3-compatible store. */
    storageKey: text().notNull().unique(),
    originalName: text().notNull().default(''),
    mimeType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    createdAt: createdAt(),
    creatorId: setNullRef(() => users.id),
    /** The key protected audio is encrypted with; null for a plain file. */
    contentKeyId: integer().references((): AnyPgColumn => mediaContentKeys.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('media_objects_task_idx').on(t.taskId),
    index('media_objects_content_key_idx').on(t.contentKeyId),
    index('media_objects_sha256_idx').on(t.sha256),
  ],
)

/**
 * The Common Encryption keys of a task's protected audio (one per task; a clone has a copy). The key itself is kept
 * only wrapped (AES-256-GCM under a key derived from MEDIA_KEY_SECRET,
 * server/modules/media/protection/key-store.ts); `keyId` is its public id, base64url, as the
 * licence request names it.
 */
export const mediaContentKeys = pgTable(
  'media_content_keys',
  {
    id: identityId(),
    taskId: integer()
      .notNull()
      .references((): AnyPgColumn => tasks.id, { onDelete: 'cascade' }),
    keyId: text().notNull(),
    wrappedKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_content_keys_task_idx').on(t.taskId),
    // Not unique: a cloned task shares its source's files, so their keys.
    index('media_content_keys_key_id_idx').on(t.keyId),
  ],
)

/**
 * Stored files nothing refers to any more whose removal is still due: a change that replaces a
 * file (anonymization rewriting an export) lists the old one here in its own transaction, so a
 * crash between the commit and the removal leaves a listed file that the purge job removes, never
 * a forgotten one.
 */
export const discardedFiles = pgTable('discarded_files', {
  storageKey: text().primaryKey(),
  discardedAt: createdAt(),
})
