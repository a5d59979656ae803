import { useSyncExternalStore } from 'react'
import type { PolicyKind } from '../auth/queries'

/**
 * Which policy text is open for reading. A module-level store, so the footer, the cookie banner
 * and the user panel can open a preview without sharing a React parent with the overlays.
 */
let previewed: PolicyKind | null = null
const listeners = new Set<() => void>()

function setPreviewed(kind: PolicyKind | null): void {
  previewed = kind
  for (const listener of listeners) listener()
}

export function openPolicyPreview(kind: PolicyKind): void {
  setPreviewed(kind)
}

export function closePolicyPreview(): void {
  setPreviewed(null)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePolicyPreview(): PolicyKind | null {
  return useSyncExternalStore(
    subscribe,
    () => previewed,
    () => null,
  )
}
