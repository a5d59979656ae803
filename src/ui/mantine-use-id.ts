import { useId as useReactId } from 'react'

/**
 * Mantine's `useId`, built by the bundler in place of the one in `@mantine/hooks`. Mantine's own
 * swaps React's id for a random one in a layout effect after mounting, and that state change
 * renders every input, popover and tooltip a second time, synchronously, before the browser may
 * paint: on the annotation screen of a phone, a whole set's widgets twice. React's id is already
 * unique within the one root this app renders, and stable.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId()
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`
}
