import type { AnyRouter } from '@tanstack/react-router'
import {
  createElement,
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useState,
} from 'react'

/** Something that happens once in the page's life, which code can wait for or render after. */
function pageMoment() {
  let reached = false
  const listeners = new Set<() => void>()
  return {
    reached: () => reached,
    reach() {
      if (reached) return
      reached = true
      for (const listener of listeners) listener()
      listeners.clear()
    },
    when(callback: () => void) {
      if (reached) callback()
      else listeners.add(callback)
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * Whether `moment` has been reached. What waits for it is drawn in a transition, which React cuts
 * into short tasks: read as an external store, the moment's change rendered the header's menus
 * and the footer (or the notifications) in one synchronous task.
 */
function useReached(moment: ReturnType<typeof pageMoment>): boolean {
  const [reached, setReached] = useState(moment.reached)
  useEffect(() => {
    if (reached) return
    const show = () => startTransition(() => setReached(true))
    const unsubscribe = moment.subscribe(show)
    if (moment.reached()) show()
    return () => {
      unsubscribe()
    }
  }, [moment, reached])
  return reached
}

/**
 * Whether the page has loaded, its first route has been drawn and the browser has had an idle
 * moment since. Code the first screen does not draw (menus that open on a press, notifications,
 * the service worker, background sync) waits for it, so that on a slow network the first
 * screen's own files and requests do not share the connection with it.
 */
const settled = pageMoment()
/** The frame showing the first route has been painted. */
const firstPagePainted = pageMoment()
let loaded = false
let firstPageDrawn = false

/** Longest wait for an idle moment on a busy page. */
const IDLE_TIMEOUT_MS = 2000
/**
 * Longest wait after the load for the first route to be drawn: a page whose data never comes (a
 * dead connection) does not hold background sync and notifications back for longer.
 */
const FIRST_PAGE_TIMEOUT_MS = 5000

function settleWhenIdle() {
  if (!loaded || !firstPageDrawn) return
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(settled.reach, { timeout: IDLE_TIMEOUT_MS })
  } else {
    setTimeout(settled.reach, 0)
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
  const afterPaint = () => setTimeout(firstPagePainted.reach, 0)
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(afterPaint)
  else afterPaint()
  settleWhenIdle()
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
  settled.when(callback)
}

export function usePageSettled(): boolean {
  return useReached(settled)
}

/**
 * Renders its lazily loaded children (nothing while they load) once the first page has been
 * painted: parts of the frame around it (the signed-in header's menus) whose code and data would
 * otherwise be fetched while that page is drawn, and hold it back on a slow network.
 */
export function AfterFirstPagePainted({ children }: { children: ReactNode }) {
  return useReached(firstPagePainted) ? createElement(Suspense, { fallback: null }, children) : null
}

/** Renders its children once the page has settled. */
export function AfterPageSettled({ children }: { children: ReactNode }) {
  return usePageSettled() ? children : null
}
