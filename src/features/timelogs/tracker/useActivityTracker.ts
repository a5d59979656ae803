import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { TIMELOG_ACTIVITY, TIMELOG_TRANSITION } from '../../../offline/operations/timelog-activity'
import { enqueue, syncOutbox } from '../../../offline/outbox'
import { storage } from '../../../storage'
import { beforeSignOut, type SignOutContext } from '../../auth/session'
import { activityContextOf } from './activity-context'
import { type ActivityKind, ActivityTracker } from './tracker'

/**
 * Activity goes through the outbox; a failure to queue it stays silent like its sends (spec 8).
 * Resolves once the op is stored, to whether it could be.
 */
function silently(queued: Promise<unknown>): Promise<boolean> {
  return queued.then(
    () => true,
    () => false,
  )
}

export const activityTracker = new ActivityTracker({
  store: {
    read: () => storage.get('activitySample'),
    write: (sample) => storage.set('activitySample', sample),
    clear: () => storage.remove('activitySample'),
  },
  submitSample: (payload) => silently(enqueue(TIMELOG_ACTIVITY, payload)),
  submitTransition: (payload) => void silently(enqueue(TIMELOG_TRANSITION, payload)),
})

/**
 * Logout finishes the current activity first (spec): the sample in progress is stored and sent
 * while the session still accepts it. One the server refuses stays in the outbox, tagged with its
 * user, for that user's next session.
 */
export async function finishActivityBeforeSignOut({ sessionValid }: SignOutContext): Promise<void> {
  const stored = await activityTracker.forceStop()
  if (stored && sessionValid) await syncOutbox()
}

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
      if (document.visibilityState === 'hidden') void activityTracker.flush()
    }
    const flush = () => void activityTracker.flush()
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', flushWhenHidden)
    const stopBeforeSignOut = beforeSignOut(finishActivityBeforeSignOut)
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
