import type { AnyRouter } from '@tanstack/react-router'
import { createElement, type ReactNode, Suspense, useSyncExternalStore } from 'react'

/**
 * Whether the page has loaded, its first route has been drawn and the browser has had an idle
 * moment since. Code the first screen does not draw (menus that open on a press, notifications,
 * the service worker, background sync) waits for it, so that on a slow network the first
 * screen's own files and requests do not share the connection with it.
 */
let settled = false
let loaded = false
let firstPageDrawn = false
let firstPagePainted = false
const listeners = new Set<() => void>()
const paintListeners = new Set<() => void>()

/** Longest wait for an idle moment on a busy page. */
const IDLE_TIMEOUT_MS = 2000
/**
 * Longest wait after the load for the first route to be drawn: a page whose data never comes (a
 * dead connection) does not hold background sync and notifications back for longer.
 */
const FIRST_PAGE_TIMEOUT_MS = 5000

function settle() {
  if (settled) return
  settled = true
  for (const listener of listeners) listener()
  listeners.clear()
}

function settleWhenIdle() {
  if (!loaded || !firstPageDrawn) return
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(settle, { timeout: IDLE_TIMEOUT_MS })
  } else {
    setTimeout(settle, 0)
  }
}

function markLoaded() {
  loaded = true
  setTimeout(markFirstPageDrawn, FIRST_PAGE_TIMEOUT_MS)
  settleWhenIdle()
}

if (document.readyState === 'complete') markLoaded()
else window.addEventListener('load', markLoaded, { once: true })

/** Called once the router has drawn its first page (or its error page). */
export function markFirstPageDrawn(): void {
  if (firstPageDrawn) return
  firstPageDrawn = true
  // The frame showing the page is painted before a task queued from its animation frame runs.
  const afterPaint = () => setTimeout(markFirstPagePainted, 0)
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(afterPaint)
  else afterPaint()
  settleWhenIdle()
}

function markFirstPagePainted() {
  firstPagePainted = true
  for (const listener of paintListeners) listener()
  paintListeners.clear()
}

/** Marks the first page drawn once `router` has drawn its first route. */
export function watchFirstPage(router: Pick<AnyRouter, 'subscribe'>): void {
  const stopWatching = router.subscribe('onRendered', () => {
    stopWatching()
    markFirstPageDrawn()
  })
}

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

function subscribeToPaint(listener: () => void) {
  paintListeners.add(listener)
  return () => paintListeners.delete(listener)
}

/**
 * Renders its lazily loaded children (nothing while they load) once the first page has been
 * painted: parts of the frame around it (the signed-in header's menus) whose code and data would
 * otherwise be fetched while that page is drawn, and hold it back on a slow network.
 */
export function AfterFirstPagePainted({ children }: { children: ReactNode }) {
  const painted = useSyncExternalStore(
    subscribeToPaint,
    () => firstPagePainted,
    () => false,
  )
  return painted ? createElement(Suspense, { fallback: null }, children) : null
}

/** Renders its children once the page has settled. */
export function AfterPageSettled({ children }: { children: ReactNode }) {
  return usePageSettled() ? children : null
}
