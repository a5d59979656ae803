import { Trans } from '@lingui/react/macro'
import { Button, Collapse, Stack } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { TaskProtocolEntity } from '../../../../../contract/client-definitions'
import { ProtocolViewer } from '../../../protocols/ProtocolViewer'

/** What a previous version changed against the one before it, opened on demand. */
export function VersionChanges({ version }: { version: TaskProtocolEntity }) {
  const [opened, { toggle }] = useDisclosure(false)
  if (version.diff === null) return null
  return (
    <Stack gap={4} mt={4}>
      <Button variant="subtle" size="compact-xs" onClick={toggle} aria-expanded={opened}>
        {opened ? (
          <Trans>Hide the changes of version {version.version}</Trans>
        ) : (
          <Trans>Show the changes of version {version.version}</Trans>
        )}
      </Button>
      <Collapse expanded={opened}>
        {opened && <ProtocolViewer protocol={{ ...version, show_changes: true }} />}
      </Collapse>
    </Stack>
  )
}
