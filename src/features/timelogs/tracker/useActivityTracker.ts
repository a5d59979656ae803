import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { TIMELOG_ACTIVITY, TIMELOG_TRANSITION } from '../../../offline/operations/timelog-activity'
import { enqueue } from '../../../offline/outbox'
import { storage } from '../../../storage'
import { beforeSignOut } from '../../auth/session'
import { activityContextOf } from './activity-context'
import { type ActivityKind, ActivityTracker } from './tracker'

/** Activity goes through the outbox; a failure to queue it stays silent like its sends (spec 8). */
function silently(queued: Promise<unknown>): void {
  void queued.catch(() => undefined)
}

export const activityTracker = new ActivityTracker({
  store: {
    read: () => storage.get('activitySample'),
    write: (sample) => storage.set('activitySample', sample),
    clear: () => storage.remove('activitySample'),
  },
  submitSample: (payload) => silently(enqueue(TIMELOG_ACTIVITY, payload)),
  submitTransition: (payload) => silently(enqueue(TIMELOG_TRANSITION, payload)),
})

const EVENT_KINDS: [keyof WindowEventMap, ActivityKind][] = [
  ['keydown', 'key'],
  ['mousedown', 'click'],
  ['mousemove', 'move'],
  ['wheel', 'move'],
  ['touchmove', 'move'],
]

/** Tracks the signed-in user's activity on every page of the app (the shell mounts it once). */
export function useActivityTracker(userId: number | undefined): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const search = useRouterState({ select: (state) => state.location.searchStr })

  // biome-ignore lint/correctness/useExhaustiveDependencies: the page at start only; navigate() follows it
  useEffect(() => {
    if (userId === undefined) return
    activityTracker.start(String(userId), activityContextOf(pathname, search))
    const options = { capture: true, passive: true }
    const listeners = EVENT_KINDS.map(([type, kind]) => {
      const listener = () => activityTracker.record(kind)
      window.addEventListener(type, listener, options)
      return () => window.removeEventListener(type, listener, options)
    })
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') activityTracker.flush()
    }
    const flush = () => activityTracker.flush()
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', flushWhenHidden)
    const stopBeforeSignOut = beforeSignOut(() => activityTracker.forceStop())
    return () => {
      for (const remove of listeners) remove()
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', flushWhenHidden)
      stopBeforeSignOut()
      activityTracker.stop()
    }
  }, [userId])

  useEffect(() => {
    activityTracker.navigate(activityContextOf(pathname, search))
  }, [pathname, search])
}

/** The tracker as a component, so the shell can load it after the first page is drawn. */
export function ActivityTracking({ userId }: { userId: number }): null {
  useActivityTracker(userId)
  return null
}
