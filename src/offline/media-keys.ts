import type { IDBPTransaction } from 'idb'
import { type OfflineSchema, offlineDb, type StoreName } from './db'

/**
 * The device's store of protected audio keys (hex key id → hex key), kept per item set: a set
 * opened online keeps the keys of its recordings so that they play offline. Keys are per task on
 * the server, so several sets may hold the same key; each holds its own record and loses it with
 * its copy (deleteItemSetWithin), and sign-out empties the store.
 */

export type MediaKey = { keyId: string; key: string }

const recordId = (itemSetId: number, keyId: string) => `${itemSetId}:${keyId}`

export async function storeMediaKeys(itemSetId: number, keys: MediaKey[]): Promise<void> {
  const tx = (await offlineDb()).transaction('mediaKeys', 'readwrite')
  await Promise.all(
    keys.map(({ keyId, key }) =>
      tx.store.put({ id: recordId(itemSetId, keyId), itemSetId, keyId, key }),
    ),
  )
  await tx.done
}

/** The key ids of `keyIds` the item set has no key for on the device. */
export async function missingMediaKeyIds(itemSetId: number, keyIds: string[]): Promise<string[]> {
  const tx = (await offlineDb()).transaction('mediaKeys')
  const held = await Promise.all(keyIds.map((keyId) => tx.store.getKey(recordId(itemSetId, keyId))))
  return keyIds.filter((_, index) => held[index] === undefined)
}

/**
 * The keys of `keyIds` as the player's clear-key configuration takes them, from whichever set
 * holds them; null unless the device holds every one.
 */
export async function findMediaKeys(keyIds: string[]): Promise<Record<string, string> | null> {
  const index = (await offlineDb()).transaction('mediaKeys').store.index('by-key-id')
  const found = await Promise.all(keyIds.map((keyId) => index.get(keyId)))
  if (found.some((record) => record === undefined)) return null
  return Object.fromEntries(found.map((record) => [record?.keyId, record?.key]))
}

/** Part of deleting the item set's copy, in the caller's transaction (covering 'mediaKeys'). */
export async function deleteMediaKeysWithin(
  tx: IDBPTransaction<OfflineSchema, StoreName[], 'readwrite'>,
  itemSetId: number,
): Promise<void> {
  for await (const cursor of tx.objectStore('mediaKeys').index('by-item-set').iterate(itemSetId)) {
    await cursor.delete()
  }
}

/** Sign-out: no key stays on the device for the next user. */
export async function clearMediaKeys(): Promise<void> {
  await (await offlineDb()).clear('mediaKeys')
}
