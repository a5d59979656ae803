import { useCallback, useEffect, useState } from 'react'

const TICK_MS = 100

/**
 * A message that stays until `clear()` (the user edits the form), with a countdown of
 * `durationMs` shown beside it (the spec's login error counts down about one second before the
 * user may try again). Only the countdown ends by itself: a message that vanished on its own
 * would be gone before it was read.
 */
export function useCountdownMessage<TMessage>(durationMs: number) {
  const [message, setMessage] = useState<TMessage | null>(null)
  const [shownAt, setShownAt] = useState<number | null>(null)
  const [remainingMs, setRemainingMs] = useState(0)

  useEffect(() => {
    if (shownAt === null) return
    // The monotonic clock: a wall-clock change (or Date.now()'s whole milliseconds) cannot cut
    // the countdown short.
    const endsAt = shownAt + durationMs
    const timer = setInterval(() => {
      const left = Math.max(0, endsAt - performance.now())
      setRemainingMs(left)
      if (left === 0) clearInterval(timer)
    }, TICK_MS)
    return () => clearInterval(timer)
  }, [shownAt, durationMs])

  const show = useCallback(
    (next: TMessage) => {
      setRemainingMs(durationMs)
      setShownAt(performance.now())
      setMessage(next)
    },
    [durationMs],
  )

  const clear = useCallback(() => {
    setMessage(null)
    setShownAt(null)
    setRemainingMs(0)
  }, [])

  return { message, remainingMs, counting: remainingMs > 0, show, clear }
}
