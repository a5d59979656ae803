import type { TooltipProps } from '@mantine/core'
import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  Suspense,
  useState,
} from 'react'
import { lazyNamed } from './lazy-named'

const Tooltip = lazyNamed(() => import('./deferred/tooltip'), 'Tooltip')

type TargetHandlers<T = HTMLElement> = {
  onPointerEnter?: (event: PointerEvent<T>) => void
  onPointerLeave?: (event: PointerEvent<T>) => void
  onFocus?: (event: FocusEvent<T>) => void
  onBlur?: (event: FocusEvent<T>) => void
  onKeyDown?: (event: KeyboardEvent<T>) => void
}

type Props = Pick<TooltipProps, 'label' | 'multiline' | 'maw' | 'withArrow' | 'disabled'> & {
  children: ReactElement<TargetHandlers>
}

/**
 * A Mantine tooltip made only while its target is pointed at (mouse, pen or a finger held on it)
 * or focused, and closed by Escape. A mounted Mantine tooltip brings positioning, a portal and a
 * transition that each render it again after mounting: on the annotation screen, with a tooltip
 * per sign of every palette, that held a phone's main thread for long. The target stays the
 * same element throughout, so a click in progress or the caret of a text field is not disturbed.
 */
export function OnDemandTooltip({ children, disabled, ...tooltip }: Props) {
  const [target, setTarget] = useState<HTMLElement | null>(null)
  const own = children.props
  const hide = () => setTarget(null)
  const handlers: TargetHandlers = {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event)
      setTarget(event.currentTarget)
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event)
      hide()
    },
    onFocus: (event) => {
      own.onFocus?.(event)
      if (event.currentTarget.matches(':focus-visible')) setTarget(event.currentTarget)
    },
    onBlur: (event) => {
      own.onBlur?.(event)
      hide()
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event)
      if (event.key === 'Escape') hide()
    },
  }
  return (
    <>
      {cloneElement(children, handlers)}
      {target && !disabled && (
        <Suspense fallback={null}>
          <Tooltip target={target} opened {...tooltip} />
        </Suspense>
      )}
    </>
  )
}
