import { Box } from '@mantine/core'
import type { ReactNode } from 'react'

/** The padding of the modal's body, which the footer spans to reach the modal's edges. */
const BODY_PADDING = 'var(--mb-padding, var(--mantine-spacing-md))'

/**
 * The bottom of a policy modal, kept in view while its long text scrolls: it sticks to the
 * bottom of the modal's scrolling content, across its full width, over the text passing under.
 */
export function ModalFooter({ children }: { children: ReactNode }) {
  return (
    <Box
      bg="var(--mantine-color-body)"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
        margin: `var(--mantine-spacing-lg) calc(${BODY_PADDING} * -1) calc(${BODY_PADDING} * -1)`,
        padding: BODY_PADDING,
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      {children}
    </Box>
  )
}
