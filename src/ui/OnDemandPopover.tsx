import { Popover, type PopoverProps } from '@mantine/core'
import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react'

type Target = ReactElement<{
  onClick?: (event: MouseEvent<HTMLElement>) => void
  ref?: Ref<HTMLElement>
}>

type Props = Omit<PopoverProps, 'children' | 'opened' | 'defaultOpened' | 'onChange'> & {
  /** The button that opens the popover. */
  target: Target
  /** The dropdown's content. */
  children: ReactNode
}

/**
 * A Mantine popover made at the first press of its target. A mounted popover brings its
 * positioning, which puts the target in React state as it mounts: one more synchronous render of
 * the popover after every commit that mounts it, on the first page a slow phone draws (the
 * annotation screen's header holds two). Until pressed, the target is drawn alone with the ARIA
 * state the popover gives it; once made, the popover stays and opens and closes as usual, and its
 * target takes the focus the first one had.
 */
export function OnDemandPopover({ target, children, ...popover }: Props) {
  const [made, setMade] = useState(false)
  const focusOnMade = useRef(false)
  const madeTarget = useRef<HTMLElement>(null)

  useEffect(() => {
    if (made && focusOnMade.current) madeTarget.current?.focus()
  }, [made])

  if (!made) {
    return cloneElement(target, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      onClick: (event: MouseEvent<HTMLElement>) => {
        target.props.onClick?.(event)
        focusOnMade.current = document.activeElement === event.currentTarget
        setMade(true)
      },
    } as Partial<Target['props']>)
  }
  return (
    <Popover defaultOpened {...popover}>
      <Popover.Target>{cloneElement(target, { ref: madeTarget })}</Popover.Target>
      <Popover.Dropdown>{children}</Popover.Dropdown>
    </Popover>
  )
}
