import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { type AppConfig, ConfigError } from '../../../config'
import type { Db } from '../../../db/client'
import { mediaContentKeys } from '../../../db/schema'
import { type ContentKey, createContentKey } from './content-key'

/** Where the embedded default keeps the secret it generated, beside its database. */
export const MEDIA_KEY_SECRET_FILE = 'media-key-secret'
/** A generated secret: 32 random bytes, base64url. */
const GENERATED_SECRET_BYTES = 32
const WRAPPING_IV_BYTES = 12
const WRAPPING_TAG_BYTES = 16

/**
 * The server secret content keys are wrapped with: MEDIA_KEY_SECRET when set; on the embedded
 * default the one in the data folder, generated on the first start. With DATABASE_URL the
 * configuration already required it (several servers must share it).
 */
export function mediaKeySecret(config: Pick<AppConfig, 'mediaKeySecret' | 'dataDir'>): string {
  if (config.mediaKeySecret) return config.mediaKeySecret
  const file = path.join(config.dataDir, MEDIA_KEY_SECRET_FILE)
  fs.mkdirSync(config.dataDir, { recursive: true })
  try {
    // 'wx': a second process starting at the same moment keeps the first one's secret.
    fs.writeFileSync(file, randomBytes(GENERATED_SECRET_BYTES).toString('base64url'), {
      flag: 'wx',
      mode: 0o600,
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = fs.readFileSync(file, 'utf8').trim()
  if (secret.length < 32) {
    throw new ConfigError(
      `The media key secret in ${file} is damaged (shorter than 32 characters): restore it from a backup; without it the protected audio cannot be played.`,
    )
  }
  return secret
}

/** A content key as a table row keeps it: its id in the clear, the key wrapped. */
export type WrappedContentKey = { keyId: string; wrappedKey: string }

/**
 * Wraps and unwraps content keys with AES-256-GCM under a key derived from the server secret
 * (HKDF-SHA256). The key id is the authenticated data, so a wrapped key moved to another row
 * does not unwrap. The key itself never leaves the server except in a licence answer.
 */
export class ContentKeyStore {
  readonly #wrappingKey: Buffer

  constructor(secret: string) {
    this.#wrappingKey = Buffer.from(
      hkdfSync('sha256', secret, 'crowdwork', 'media content keys', 32),
    )
  }

  wrap({ keyId, key }: ContentKey): WrappedContentKey {
    const iv = randomBytes(WRAPPING_IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.#wrappingKey, iv)
    cipher.setAAD(keyId)
    const sealed = Buffer.concat([cipher.update(key), cipher.final()])
    return {
      keyId: keyId.toString('base64url'),
      wrappedKey: Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url'),
    }
  }

  unwrap({ keyId, wrappedKey }: WrappedContentKey): ContentKey {
    const id = Buffer.from(keyId, 'base64url')
    const wrapped = Buffer.from(wrappedKey, 'base64url')
    const decipher = createDecipheriv(
      'aes-256-gcm',
      this.#wrappingKey,
      wrapped.subarray(0, WRAPPING_IV_BYTES),
    )
    decipher.setAAD(id)
    decipher.setAuthTag(wrapped.subarray(WRAPPING_IV_BYTES, WRAPPING_IV_BYTES + WRAPPING_TAG_BYTES))
    try {
      const key = Buffer.concat([
        decipher.update(wrapped.subarray(WRAPPING_IV_BYTES + WRAPPING_TAG_BYTES)),
        decipher.final(),
      ])
      return { keyId: id, key }
    } catch {
      throw new Error(
        `content key ${keyId} does not unwrap: MEDIA_KEY_SECRET is not the one it was stored with`,
      )
    }
  }
}

/**
 * The content key of a task's protected audio, made on first use. A concurrent first use (a
 * retried import) keeps the row that was written first.
 */
export async function taskContentKey(
  db: Db,
  store: ContentKeyStore,
  taskId: number,
): Promise<{ id: number; contentKey: ContentKey }> {
  await storeTaskContentKey(db, store, taskId, createContentKey())
  const [row] = await db.select().from(mediaContentKeys).where(eq(mediaContentKeys.taskId, taskId))
  if (!row) throw new Error(`task ${taskId} has no content key (was it deleted?)`)
  return { id: row.id, contentKey: store.unwrap(row) }
}

/**
 * Keeps `contentKey` as the task's key, unless the task has one already. Answers the id of the
 * task's key row, or null when it kept the one it had.
 */
export async function storeTaskContentKey(
  db: Db,
  store: ContentKeyStore,
  taskId: number,
  contentKey: ContentKey,
): Promise<number | null> {
  const [row] = await db
    .insert(mediaContentKeys)
    .values({ taskId, ...store.wrap(contentKey) })
    .onConflictDoNothing({ target: mediaContentKeys.taskId })
    .returning({ id: mediaContentKeys.id })
  return row?.id ?? null
}

/** The stored keys with these ids (base64url), with the task each one belongs to. */
export async function contentKeysByIds(db: Db, keyIds: string[]) {
  if (keyIds.length === 0) return []
  return db
    .select({
      taskId: mediaContentKeys.taskId,
      keyId: mediaContentKeys.keyId,
      wrappedKey: mediaContentKeys.wrappedKey,
    })
    .from(mediaContentKeys)
    .where(inArray(mediaContentKeys.keyId, keyIds))
}

/** A cloned task's copy of its source's key (their files are the same bytes). */
export async function copyTaskContentKey(db: Db, fromTaskId: number, toTaskId: number) {
  const [source] = await db
    .select({ keyId: mediaContentKeys.keyId, wrappedKey: mediaContentKeys.wrappedKey })
    .from(mediaContentKeys)
    .where(eq(mediaContentKeys.taskId, fromTaskId))
  if (!source) return null
  const [copy] = await db
    .insert(mediaContentKeys)
    .values({ taskId: toTaskId, ...source })
    .returning({ id: mediaContentKeys.id })
  return copy!.id
}
