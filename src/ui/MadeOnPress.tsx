import { Popover, type PopoverProps } from '@mantine/core'
import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useRef,
  useState,
} from 'react'

export type PressTarget = ReactElement<{
  onClick?: (event: MouseEvent<HTMLElement>) => void
  ref?: Ref<HTMLElement>
}>

/**
 * Draws `target` alone until its first press, then what `make` builds around it: a popover or a
 * menu, opened. A mounted Mantine popover or menu brings its positioning, which puts the target
 * in React state as it mounts: one more synchronous render after every commit that mounts it, on
 * the first page a slow phone draws (the annotation screen's header holds four). Until pressed,
 * the target carries the ARIA state the popup gives it; the target `make` gets takes the focus
 * the first one had, which its replacement drops.
 */
export function MadeOnPress({
  target,
  popup,
  make,
}: {
  target: PressTarget
  popup: 'dialog' | 'menu'
  make: (target: PressTarget) => ReactNode
}) {
  const [made, setMade] = useState(false)
  const focusOnMade = useRef(false)
  const takeFocus = useCallback((node: HTMLElement | null) => {
    const focusDropped = document.activeElement === null || document.activeElement === document.body
    if (node && focusOnMade.current && focusDropped) node.focus()
  }, [])

  if (!made) {
    return cloneElement(target, {
      'aria-haspopup': popup,
      'aria-expanded': false,
      onClick: (event: MouseEvent<HTMLElement>) => {
        target.props.onClick?.(event)
        focusOnMade.current = document.activeElement === event.currentTarget
        setMade(true)
      },
    } as Partial<PressTarget['props']>)
  }
  return make(cloneElement(target, { ref: takeFocus }))
}

type OnDemandPopoverProps = Omit<
  PopoverProps,
  'children' | 'opened' | 'defaultOpened' | 'onChange'
> & {
  /** The button that opens the popover. */
  target: PressTarget
  /** The dropdown's content. */
  children: ReactNode
}

/** A Mantine popover made at the first press of its target (see MadeOnPress). */
export function OnDemandPopover({ target, children, ...popover }: OnDemandPopoverProps) {
  return (
    <MadeOnPress
      target={target}
      popup="dialog"
      make={(madeTarget) => (
        <Popover defaultOpened {...popover}>
          <Popover.Target>{madeTarget}</Popover.Target>
          <Popover.Dropdown>{children}</Popover.Dropdown>
        </Popover>
      )}
    />
  )
}
