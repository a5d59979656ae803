import { Trans } from '@lingui/react/macro'
import { Stack, Title } from '@mantine/core'
import { useDefinitionCreated } from '../shared/definition-navigation'
import { SchemaForm } from './SchemaForm'

/** task-schemas/creator */
export function SchemaCreatorPage() {
  const created = useDefinitionCreated('task-schemas')
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>New task schema</Trans>
      </Title>
      <SchemaForm onSaved={created} />
    </Stack>
  )
}
