import { Trans, useLingui } from '@lingui/react/macro'
import { Paper, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Preferences } from '../../../../../contract/auth'
import type { ItemView } from '../../../../../contract/client-tasks'
import type { TaskSchemaDocument } from '../../../../../contract/task-schema'
import { buildUrl } from '../../../../api/client'
import { Empty, LoadFailed, Loading } from '../../../../ui/QueryStates'
import { ItemRenderer } from '../../../../widgets'
import { preferencesQuery } from '../../../auth/queries'
import { versionedQuery } from '../../queries/definitions'
import { fakeTaskQuery } from '../../queries/tasks'

const NO_ANNOTATION = {}

/** The items of the previewed set, drawn by the workers' renderer without an input handler. */
export function FakeItems({ taskId, offset }: { taskId: number; offset: number }) {
  const { t } = useLingui()
  const fake = useQuery(fakeTaskQuery(taskId, offset))
  const schema = useQuery({
    ...versionedQuery('task-schemas', fake.data?.schema ?? 0),
    enabled: fake.data !== undefined,
  })
  const preferences = useQuery(preferencesQuery())

  // A failed preferences call answers the defaults, so it never ends in an error.
  if (fake.isPending || schema.isPending || !preferences.data) {
    return <Loading label={t`Loading the items…`} />
  }
  if (fake.isError || schema.isError) {
    return (
      <LoadFailed
        error={fake.error ?? schema.error}
        title={<Trans>The items could not be loaded.</Trans>}
      />
    )
  }
  if (fake.data.items.length === 0) {
    return <Empty title={<Trans>There are no items here.</Trans>} />
  }
  return (
    <Stack gap="md">
      {fake.data.items.map((item) => (
        <PreviewItem
          key={item.id}
          taskId={taskId}
          item={item}
          schema={schema.data.schema}
          preferences={preferences.data}
        />
      ))}
    </Stack>
  )
}

type PreviewItemProps = {
  taskId: number
  item: ItemView
  schema: TaskSchemaDocument
  preferences: Preferences
}

function PreviewItem({ taskId, item, schema, preferences }: PreviewItemProps) {
  const { t } = useLingui()
  const itemId = item.id
  return (
    <Paper withBorder p="md" component="article" aria-label={t`Item #${itemId}`}>
      <Title order={2} size="h5" mb="sm">
        <Trans>Item #{itemId}</Trans>
      </Title>
      <ItemRenderer
        schema={schema}
        item={item}
        value={NO_ANNOTATION}
        preferences={preferences}
        mediaUrl={(uuid) => buildUrl(`client/fake-tasks/${taskId}/media/${itemId}/${uuid}/`)}
      />
    </Paper>
  )
}
