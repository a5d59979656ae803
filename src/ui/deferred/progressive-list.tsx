import { type ReactNode, startTransition, useEffect, useState } from 'react'

/**
 * Draws a long list `step` entries at a time, each step in its own task after the previous one
 * has been committed, so no single task builds the whole list. `children` gets how many entries
 * to draw; `pending` is shown below them until all are drawn.
 */
export function ProgressiveList({
  total,
  step,
  pending,
  children,
}: {
  total: number
  step: number
  pending: ReactNode
  children: (drawn: number) => ReactNode
}) {
  const [drawn, setDrawn] = useState(0)
  useEffect(() => {
    if (drawn >= total) return
    const next = setTimeout(() => startTransition(() => setDrawn(drawn + step)), 0)
    return () => clearTimeout(next)
  }, [drawn, total, step])
  const shown = Math.min(drawn, total)
  return (
    <>
      {children(shown)}
      {shown < total && pending}
    </>
  )
}
