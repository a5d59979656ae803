import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { versionedQuery } from '../../queries/definitions'
import { QueryView } from '../shared/QueryView'
import { VersionedSettings } from '../shared/VersionedSettings'
import { deleteProtocol } from './api'
import { ProtocolForm } from './ProtocolForm'

/** task-protocols/{taskProtocolId}/settings: edit (versioned) and delete. */
export function ProtocolSettingsPage({ id }: { id: number }) {
  const { t } = useLingui()
  const query = useQuery(versionedQuery('task-protocols', id))
  return (
    <QueryView query={query} loadingLabel={t`Loading the protocol`}>
      {(protocol) => (
        <VersionedSettings
          kind="task-protocols"
          entity={protocol}
          title={<Trans>Protocol settings</Trans>}
          remove={() => deleteProtocol(protocol.id)}
          form={(onSaved) => (
            <ProtocolForm key={protocol.id} existing={protocol} onSaved={onSaved} />
          )}
        />
      )}
    </QueryView>
  )
}
