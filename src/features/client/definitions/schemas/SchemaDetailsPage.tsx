import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Stack, Title } from '@mantine/core'
import { IconSettings } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import type { TaskSchemaEntity } from '../../../../../contract/client-definitions'
import { RouterAnchor, RouterButton } from '../../../../ui/links'
import { formatDateTime } from '../../../account/format'
import { versionedQuery } from '../../queries/definitions'
import { DefinitionFacts } from '../shared/DefinitionFacts'
import { DefinitionHeader } from '../shared/DefinitionHeader'
import { DeleteDefinition } from '../shared/DeleteDefinition'
import { QueryView } from '../shared/QueryView'
import { UsagePanel } from '../shared/UsagePanel'
import { VersionHistory } from '../shared/VersionHistory'
import { NewVersionNotice } from '../shared/VersionNotices'
import { deleteSchema } from './api'
import { LivePreview } from './editor/LivePreview'
import { SchemaFieldsTable } from './SchemaFieldsTable'

type SchemaDetailsPageProps = {
  id: number
  /** Set after an edit made this version: the version it replaced. */
  replacedVersion?: number
}

/** task-schemas/{taskSchemaId}: the document with its preview, versions and users. */
export function SchemaDetailsPage({ id, replacedVersion }: SchemaDetailsPageProps) {
  const { t } = useLingui()
  const query = useQuery(versionedQuery('task-schemas', id))
  return (
    <QueryView query={query} loadingLabel={t`Loading the schema`}>
      {(schema) => <SchemaDetails schema={schema} replacedVersion={replacedVersion} />}
    </QueryView>
  )
}

function SchemaDetails({
  schema,
  replacedVersion,
}: {
  schema: TaskSchemaEntity
  replacedVersion?: number
}) {
  const params = { taskSchemaId: String(schema.id) }
  const newest = schema.next_version === null
  return (
    <Stack gap="lg">
      <DefinitionHeader
        title={<Trans>Task schema</Trans>}
        name={schema.name}
        version={schema.version}
        clientGroup={schema.client_group}
        actions={
          <>
            {newest && (
              <RouterButton
                to="/client/tasks-definitions/task-schemas/$taskSchemaId/settings"
                params={params}
                variant="light"
                leftSection={<IconSettings size={16} aria-hidden />}
              >
                <Trans>Settings</Trans>
              </RouterButton>
            )}
            <DeleteDefinition
              kind="task-schemas"
              name={schema.name}
              remove={() => deleteSchema(schema.id)}
            />
          </>
        }
        newerVersion={
          !newest && (
            <RouterAnchor
              to="/client/tasks-definitions/task-schemas/$taskSchemaId"
              params={{ taskSchemaId: String(schema.next_version) }}
            >
              <Trans>the newer version</Trans>
            </RouterAnchor>
          )
        }
      />
      <NewVersionNotice version={schema.version} replaced={replacedVersion} />
      <DefinitionFacts
        facts={[
          { label: <Trans>Author</Trans>, value: schema.author?.username ?? '—' },
          { label: <Trans>Created</Trans>, value: formatDateTime(schema.created_timestamp) },
          {
            label: <Trans>Rules</Trans>,
            value: (
              <>
                <Plural
                  value={schema.schema.validators.length}
                  one="# validator"
                  other="# validators"
                />
                {', '}
                <Plural
                  value={schema.schema.rows_visibility.length}
                  one="# visibility rule"
                  other="# visibility rules"
                />
              </>
            ),
          },
        ]}
      />
      <Title order={2} size="h4">
        <Trans>Fields</Trans>
      </Title>
      <SchemaFieldsTable schema={schema.schema} />
      <LivePreview schema={schema.schema} />
      <UsagePanel taskTypes={schema.task_types} tasks={schema.tasks} />
      <VersionHistory
        kind="task-schemas"
        id={schema.id}
        link={(version) => (
          <RouterAnchor
            to="/client/tasks-definitions/task-schemas/$taskSchemaId"
            params={{ taskSchemaId: String(version.id) }}
          >
            <Trans>Version {version.version}</Trans>
          </RouterAnchor>
        )}
      />
    </Stack>
  )
}
