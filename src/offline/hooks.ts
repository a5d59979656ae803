import { useEffect, useState, useSyncExternalStore } from 'react'
import type { OutboxEngine } from './engine'
import { outbox } from './outbox'
import { browserOnline, type OutboxStatus } from './outbox-events'
import { type StorageUse, storageEstimate } from './storage-quota'

export const STORAGE_CHECK_INTERVAL_MS = 60_000

export function useOutboxStatus(engine: OutboxEngine = outbox): OutboxStatus {
  return useSyncExternalStore(engine.subscribe, engine.getStatus)
}

function onConnectionChange(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/**
 * Whether the browser says it has a connection, known at once (a screen need not wait for a
 * request to time out to show its offline view), and followed as it changes.
 */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(onConnectionChange, browserOnline)
}

/** The storage use, checked now and every minute; null until known or where unknown. */
export function useStorageWarning(intervalMs = STORAGE_CHECK_INTERVAL_MS): StorageUse | null {
  const [use, setUse] = useState<StorageUse | null>(null)
  useEffect(() => {
    let active = true
    const check = () =>
      storageEstimate().then(
        (estimate) => {
          if (active) setUse(estimate)
        },
        () => undefined,
      )
    void check()
    const timer = setInterval(check, intervalMs)
    return () => {
      active = false
      clearInterval(timer)
    }
  }, [intervalMs])
  return use
}
