import { Group, Text } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/** The spec's media fetch failure: a red cross with the message. */
export function MediaError({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" role="alert">
      <IconX size={24} color="var(--mantine-color-red-6)" aria-hidden stroke={3} />
      <Text size="sm" c="red">
        {children}
      </Text>
    </Group>
  )
}
