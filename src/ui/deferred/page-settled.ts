import { useSyncExternalStore } from 'react'

/**
 * Whether the page has loaded and the browser has had an idle moment since. Code the first screen
 * does not draw (menus that open on a press, background sync) waits for it, so that on a slow
 * network the first screen's own files do not share the connection with it.
 */
let settled = false
const listeners = new Set<() => void>()

/** Longest wait for an idle moment on a busy page. */
const IDLE_TIMEOUT_MS = 2000

function settle() {
  settled = true
  for (const listener of listeners) listener()
  listeners.clear()
}

function settleWhenIdle() {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(settle, { timeout: IDLE_TIMEOUT_MS })
  } else {
    setTimeout(settle, 0)
  }
}

if (document.readyState === 'complete') settleWhenIdle()
else window.addEventListener('load', settleWhenIdle, { once: true })

/** Calls `callback` once the page has settled (at once if it has). */
export function whenPageSettled(callback: () => void): void {
  if (settled) callback()
  else listeners.add(callback)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePageSettled(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  )
}
