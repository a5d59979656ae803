import { type ReactNode, startTransition, useEffect, useState } from 'react'

/**
 * Mounts with `placeholder` and draws `children` in a React transition right after, which React
 * cuts into short tasks. For a page the router shows: its store update is rendered in one
 * synchronous task with everything it changes (the frame around the page too), which on a phone
 * held the main thread for the whole first render of a heavy page.
 */
export function DrawnInTransition({
  placeholder,
  children,
}: {
  placeholder: ReactNode
  children: ReactNode
}) {
  const [drawn, setDrawn] = useState(false)
  useEffect(() => startTransition(() => setDrawn(true)), [])
  return drawn ? children : placeholder
}
