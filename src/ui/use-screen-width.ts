import { useMediaQuery } from '@mantine/hooks'
import { MOBILE_MAX_WIDTH } from '../../contract/constants'

/**
 * Whether the viewport is at most `maxWidth` wide, read while rendering. Mantine's hook by default
 * answers false on the first render and reads the media query in a layout effect: on a phone
 * every component using it then renders a second time, synchronously, before the first paint (on
 * the annotation screen, every item's widgets twice in one long task).
 */
export function useViewportAtMost(maxWidth: string): boolean {
  return useMediaQuery(`(max-width: ${maxWidth})`, undefined, { getInitialValueInEffect: false })
}

/** Whether the layout is the phone one (the spec's MOBILE_MAX_WIDTH). */
export function usePhoneLayout(): boolean {
  return useViewportAtMost(`${MOBILE_MAX_WIDTH}px`)
}
