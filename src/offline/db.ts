import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb'

export const OFFLINE_DB_NAME = 'crowdwork-offline'

export type OpState = 'pending' | 'inflight'

/** What a failed send left behind, as plain data (an ApiError does not survive structured cloning). */
export type OutboxError = {
  status: number
  code: string
  detail: string
  fields?: Record<string, string[]>
}

export type OutboxOp = {
  /** Primary key; its order is the order of enqueueing (FIFO). */
  seq?: number
  /** Client UUID, sent as the Idempotency-Key; stable across retries and reloads. */
  id: string
  kind: string
  /** `kind` + the definition's coalesce key; null when the kind never coalesces. */
  key: string | null
  payload: unknown
  /** The signed-in user who made the change; only their session sends it. */
  owner: string | null
  createdAt: number
  attempts: number
  nextAttemptAt: number
  state: OpState
  lastError?: OutboxError
}

/** A new op (new id, so a new idempotency key), sendable from `now`. */
export function freshOp(
  {
    kind,
    key,
    payload,
    owner,
    createdAt,
  }: Pick<OutboxOp, 'kind' | 'key' | 'payload' | 'owner' | 'createdAt'>,
  now: number,
): OutboxOp {
  const id = crypto.randomUUID()
  return {
    id,
    kind,
    key,
    payload,
    owner,
    createdAt,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
  }
}

export function isMine(op: OutboxOp, owner: string | null): boolean {
  return op.owner === null || op.owner === owner
}

export type Rejection = {
  /** The rejected op's id. */
  id: string
  op: OutboxOp
  error: OutboxError
  rejectedAt: number
}

/** An item set kept for offline work; the annotate feature owns the rest of its shape. */
export type StoredItemSet = { id: number }

export type AnnotationDraft = {
  /** `${itemSetId}:${itemId}` */
  key: string
  itemSetId: number
  itemId: number
  data: Record<string, unknown>
  is_done: boolean
  client_updated_at: string
}

export function draftKey(itemSetId: number, itemId: number): string {
  return `${itemSetId}:${itemId}`
}

/**
 * The device's copy of a review item, as the server last answered it (the review feature owns
 * `item`'s shape). `storedAt` orders copies: a list fetched before a save was confirmed must not
 * replace the confirmed copy.
 */
export type StoredReviewItem = { id: number; item: unknown; storedAt: number }

/** A review list kept on the device (a reviewer's batch, their reviewed items): ids in order. */
export type StoredReviewList = {
  /** The owner and the list's query, e.g. `7|["review","batch",12]`. */
  key: string
  itemIds: number[]
  count: number
  storedAt: number
}

/**
 * A protected audio key kept for offline work on an item set: the key of one key id, hex (the form
 * the player's clear-key configuration takes). It goes with the device's copy of the set.
 */
export type StoredMediaKey = {
  /** `${itemSetId}:${keyId}` */
  id: string
  itemSetId: number
  keyId: string
  key: string
}

export interface OfflineSchema extends DBSchema {
  outbox: {
    key: number
    value: OutboxOp
    indexes: { 'by-id': string; 'by-key': string }
  }
  rejections: { key: string; value: Rejection }
  kv: { key: string; value: unknown }
  itemSets: { key: number; value: StoredItemSet }
  annotations: {
    key: string
    value: AnnotationDraft
    indexes: { 'by-item-set': number }
  }
  reviewItems: { key: number; value: StoredReviewItem }
  reviewLists: { key: string; value: StoredReviewList }
  mediaKeys: {
    key: string
    value: StoredMediaKey
    indexes: { 'by-item-set': number; 'by-key-id': string }
  }
}

export type OfflineDb = IDBPDatabase<OfflineSchema>
export type StoreName =
  | 'outbox'
  | 'rejections'
  | 'kv'
  | 'itemSets'
  | 'annotations'
  | 'reviewItems'
  | 'reviewLists'
  | 'mediaKeys'
type UpgradeTx = IDBPTransaction<OfflineSchema, StoreName[], 'versionchange'>

/**
 * The stores an enqueue may write alongside its op, in the same transaction, and the stores the
 * server's answer is written to in the transaction that removes the op.
 */
export const ENQUEUE_SCOPE: StoreName[] = ['outbox', 'kv', 'itemSets', 'annotations', 'reviewItems']
export type EnqueueTx = IDBPTransaction<OfflineSchema, StoreName[], 'readwrite'>

/**
 * Migrations by version: entry N-1 upgrades version N-1 to N. Never edit a released entry; append
 * one (a new store, an index, a data rewrite through the transaction) and the version follows.
 */
const MIGRATIONS: ((db: OfflineDb, tx: UpgradeTx) => void)[] = [
  (db) => {
    const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true })
    // Unique: two ops sharing an idempotency key would make the server drop the second.
    outbox.createIndex('by-id', 'id', { unique: true })
    outbox.createIndex('by-key', 'key')
    db.createObjectStore('rejections', { keyPath: 'id' })
    db.createObjectStore('kv')
    db.createObjectStore('itemSets', { keyPath: 'id' })
    const annotations = db.createObjectStore('annotations', { keyPath: 'key' })
    annotations.createIndex('by-item-set', 'itemSetId')
  },
  (db) => {
    db.createObjectStore('reviewItems', { keyPath: 'id' })
    db.createObjectStore('reviewLists', { keyPath: 'key' })
  },
  (db) => {
    const mediaKeys = db.createObjectStore('mediaKeys', { keyPath: 'id' })
    mediaKeys.createIndex('by-item-set', 'itemSetId')
    mediaKeys.createIndex('by-key-id', 'keyId')
  },
]

export const OFFLINE_DB_VERSION = MIGRATIONS.length

/** A new connection; the app shares one through `offlineDb()`, tests open their own. */
export async function openOfflineDb(
  name = OFFLINE_DB_NAME,
  { onClose }: { onClose?: () => void } = {},
): Promise<OfflineDb> {
  const db: OfflineDb = await openDB<OfflineSchema>(name, OFFLINE_DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      for (const migrate of MIGRATIONS.slice(oldVersion)) migrate(db, tx)
    },
    // A newer app version in another tab wants to upgrade: let it, this tab reopens on next use.
    blocking() {
      db.close()
      onClose?.()
    },
    terminated: onClose,
  })
  return db
}

let shared: Promise<OfflineDb> | undefined

export function offlineDb(): Promise<OfflineDb> {
  shared ??= openOfflineDb(OFFLINE_DB_NAME, {
    onClose: () => {
      shared = undefined
    },
  })
  return shared
}
