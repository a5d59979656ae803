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

/**
 * Below the theme's xl breakpoint (1400 px) an area's left and right menus leave the content too
 * little room for its tables (about 390 px on an 820 px tablet): they become bars above it.
 */
export function useSideMenusCollapsed(): boolean {
  return useViewportAtMost('87.4375em')
}

/**
 * Below the theme's xs breakpoint (576 px), where the header's menu folds behind its burger:
 * the annotation screen keeps one status line in view and lets the headers scroll away
 * (app-frame.css uses the same width).
 */
export function usePhoneHeaderLayout(): boolean {
  return useViewportAtMost('35.99em')
}
