import { useCallback, useEffect, useState } from 'react'

const TICK_MS = 100

/**
 * A message that disappears by itself after `durationMs`, with the time left for a visible
 * countdown (the login error of the spec shows for about one second).
 */
export function useExpiringMessage<TMessage>(durationMs: number) {
  const [message, setMessage] = useState<TMessage | null>(null)
  const [remainingMs, setRemainingMs] = useState(0)

  useEffect(() => {
    if (message === null) return
    // The monotonic clock: a wall-clock change (or Date.now()'s whole milliseconds) cannot cut
    // the message short.
    const endsAt = performance.now() + durationMs
    const timer = setInterval(() => {
      const left = endsAt - performance.now()
      if (left > 0) setRemainingMs(left)
      else setMessage(null)
    }, TICK_MS)
    return () => clearInterval(timer)
  }, [message, durationMs])

  const show = useCallback(
    (next: TMessage) => {
      setRemainingMs(durationMs)
      setMessage(next)
    },
    [durationMs],
  )

  return { message, remainingMs, show }
}
