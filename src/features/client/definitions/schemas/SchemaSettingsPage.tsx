import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { versionedQuery } from '../../queries/definitions'
import { QueryView } from '../shared/QueryView'
import { VersionedSettings } from '../shared/VersionedSettings'
import { deleteSchema } from './api'
import { SchemaForm } from './SchemaForm'

/** task-schemas/{taskSchemaId}/settings: edit (versioned) and delete. */
export function SchemaSettingsPage({ id }: { id: number }) {
  const { t } = useLingui()
  const query = useQuery(versionedQuery('task-schemas', id))
  return (
    <QueryView query={query} loadingLabel={t`Loading the schema`}>
      {(schema) => (
        <VersionedSettings
          kind="task-schemas"
          entity={schema}
          title={<Trans>Schema settings</Trans>}
          remove={() => deleteSchema(schema.id)}
          form={(onSaved) => <SchemaForm key={schema.id} existing={schema} onSaved={onSaved} />}
        />
      )}
    </QueryView>
  )
}
