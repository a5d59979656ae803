import { Popover, type PopoverProps } from '@mantine/core'
import { cloneElement, type MouseEvent, type ReactNode } from 'react'
import { MadeOnPress, type PressTarget } from './MadeOnPress'

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
      make={(madeTarget, state) => (
        <Popover {...popover} {...state}>
          {/* A controlled Mantine popover leaves its target's presses to its owner. */}
          <Popover.Target>
            {cloneElement(madeTarget, {
              onClick: (event: MouseEvent<HTMLElement>) => {
                madeTarget.props.onClick?.(event)
                state.onChange(!state.opened)
              },
            })}
          </Popover.Target>
          <Popover.Dropdown>{children}</Popover.Dropdown>
        </Popover>
      )}
    />
  )
}
