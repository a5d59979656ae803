import { Trans, useLingui } from '@lingui/react/macro'
import {
  type MantineColorScheme,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core'
import { useId } from 'react'

/**
 * Light, dark, or following the system's setting (the default). The choice belongs to the device,
 * not the account (a phone in a dark room, a bright office screen): Mantine's colour-scheme
 * manager keeps it in this browser's localStorage, where every tab sees it change.
 */
export function ColorSchemeChoice() {
  const { t } = useLingui()
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  const titleId = useId()
  const noteId = useId()
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id={titleId}>
          <Trans>Colour scheme</Trans>
        </Title>
        <SegmentedControl
          aria-labelledby={titleId}
          aria-describedby={noteId}
          value={colorScheme}
          onChange={(value) => setColorScheme(value as MantineColorScheme)}
          data={[
            { value: 'light', label: t`Light` },
            { value: 'dark', label: t`Dark` },
            { value: 'auto', label: t`As the system` },
          ]}
        />
        <Text size="sm" c="dimmed" id={noteId}>
          <Trans>Kept on this device.</Trans>
        </Text>
      </Stack>
    </Paper>
  )
}
