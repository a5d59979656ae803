import { Trans } from '@lingui/react/macro'
import { Stack, Title } from '@mantine/core'
import { useDefinitionCreated } from '../shared/definition-navigation'
import { ProtocolForm } from './ProtocolForm'

/** task-protocols/creator */
export function ProtocolCreatorPage() {
  const created = useDefinitionCreated('task-protocols')
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>New task protocol</Trans>
      </Title>
      <ProtocolForm onSaved={created} />
    </Stack>
  )
}
