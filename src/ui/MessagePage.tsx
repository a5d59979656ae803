import { Center, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

type MessagePageProps = {
  icon?: ReactNode
  title: ReactNode
  children?: ReactNode
  /** Buttons or links leading away from the message. */
  actions?: ReactNode
}

/** A centred full-page message: permission denied, not found, failed authentication, errors. */
export function MessagePage({ icon, title, children, actions }: MessagePageProps) {
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        {icon}
        <Title order={1} size="h2">
          {title}
        </Title>
        {children && (
          <Text component="div" c="dimmed">
            {children}
          </Text>
        )}
        {actions}
      </Stack>
    </Center>
  )
}
