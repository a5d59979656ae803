import type { TooltipProps } from '@mantine/core'
import { Suspense } from 'react'
import { lazyNamed } from './lazy-named'

const Tooltip = lazyNamed(() => import('./deferred/tooltip'), 'Tooltip')

/**
 * A Mantine tooltip whose code loads after the page is shown: its target is drawn at once, and
 * the tooltip starts working a moment later.
 */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  )
}
