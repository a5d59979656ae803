import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { TaskSchemaEntity } from '../../../../../contract/client-definitions'
import { formatDateTime } from '../../../account/format'
import { versionedQuery } from '../../queries/definitions'
import { QueryView } from '../shared/QueryView'
import { VersionedDetails } from '../shared/VersionedDetails'
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
  return (
    <VersionedDetails
      kind="task-schemas"
      entity={schema}
      title={<Trans>Task schema</Trans>}
      replacedVersion={replacedVersion}
      remove={() => deleteSchema(schema.id)}
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
    >
      <Title order={2} size="h4">
        <Trans>Fields</Trans>
      </Title>
      <SchemaFieldsTable schema={schema.schema} />
      <LivePreview schema={schema.schema} />
    </VersionedDetails>
  )
}
