import { Trans } from '@lingui/react/macro'
import { Alert, Stack, Title } from '@mantine/core'
import { IconTools } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/** A page whose screen is not built yet: it says so plainly instead of showing made-up data. */
export function UnavailableSection({ title }: { title: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert
        variant="light"
        color="gray"
        icon={<IconTools aria-hidden />}
        title={<Trans>Not available yet</Trans>}
      >
        <Trans>
          This section is not available yet. It will appear here in a coming version of the
          platform.
        </Trans>
      </Alert>
    </Stack>
  )
}
