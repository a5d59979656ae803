import { Trans } from '@lingui/react/macro'
import { Stack, Title } from '@mantine/core'
import { useDefinitionCreated } from '../shared/definition-navigation'
import { TaskTypeForm } from './form/TaskTypeForm'

/** task-types/creator */
export function TaskTypeCreatorPage() {
  const created = useDefinitionCreated('task-types')
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>New task type</Trans>
      </Title>
      <TaskTypeForm onSaved={created} />
    </Stack>
  )
}
