import { Trans } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import { VersionedList } from '../shared/VersionedList'

/** client_tasks_protocols: the newest version of each protocol, with its serving type. */
export function ProtocolsListPage() {
  return (
    <VersionedList
      kind="task-protocols"
      extraColumns={[
        {
          key: 'type',
          header: <Trans>Type</Trans>,
          cell: (protocol) => (
            <Badge variant="outline" color={protocol.serving_type === 'PDF' ? 'red' : 'blue'}>
              {protocol.serving_type}
            </Badge>
          ),
        },
      ]}
    />
  )
}
