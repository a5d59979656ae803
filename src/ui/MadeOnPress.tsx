import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'

export type PressTarget = ReactElement<{
  onClick?: (event: MouseEvent<HTMLElement>) => void
  ref?: Ref<HTMLElement>
}>

/** The open state `make` hands to the popup it builds (Mantine's `opened` and `onChange`). */
export type PopupState = { opened: boolean; onChange: (opened: boolean) => void }

/**
 * Draws `target` alone until its first press, then what `make` builds around it: a popover or a
 * menu, which opens once mounted. A mounted Mantine popover or menu brings its positioning, which
 * puts the target in React state as it mounts: one more synchronous render after every commit
 * that mounts it, on the first page a slow phone draws (the annotation screen's header holds
 * four). Until pressed, the target carries the ARIA state the popup gives it; the target `make`
 * gets takes the focus the first one had, which its replacement drops.
 */
export function MadeOnPress({
  target,
  popup,
  prepare,
  make,
}: {
  target: PressTarget
  popup: 'dialog' | 'menu'
  /** Loads what `make` needs (its code) before it is made; a failed load leaves the target. */
  prepare?: () => Promise<unknown>
  make: (target: PressTarget, state: PopupState) => ReactNode
}) {
  const [made, setMade] = useState(false)
  const [opened, setOpened] = useState(false)
  // Opened after it has mounted closed: opening, a Mantine popup notes the focused element (the
  // target) to give the focus back when it closes; mounted open, it notes nothing.
  useEffect(() => {
    if (made) setOpened(true)
  }, [made])
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
        if (!prepare) setMade(true)
        else prepare().then(() => setMade(true), console.error)
      },
    } as Partial<PressTarget['props']>)
  }
  return make(cloneElement(target, { ref: takeFocus }), { opened, onChange: setOpened })
}
