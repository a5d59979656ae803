export const NEARLY_FULL_RATIO = 0.9

export type StorageUse = { usage: number; quota: number; nearlyFull: boolean }

let persistence: Promise<boolean> | undefined

/**
 * Asks once per page load that the browser never evict our data (the outbox, offline item sets)
 * under storage pressure. Some browsers ask the user, so call it when offline work begins.
 */
export function requestPersistentStorage(): Promise<boolean> {
  persistence ??= (async () => {
    const manager = typeof navigator === 'undefined' ? undefined : navigator.storage
    if (!manager?.persist) return false
    if (await manager.persisted()) return true
    return manager.persist()
  })().catch(() => false)
  return persistence
}

/** Null where the browser cannot tell. */
export async function storageEstimate(): Promise<StorageUse | null> {
  const manager = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!manager?.estimate) return null
  const { usage = 0, quota = 0 } = await manager.estimate()
  return { usage, quota, nearlyFull: quota > 0 && usage / quota > NEARLY_FULL_RATIO }
}
