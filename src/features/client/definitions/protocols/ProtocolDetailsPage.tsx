import { Trans, useLingui } from '@lingui/react/macro'
import { Paper, Title } from '@mantine/core'
import { IconEye } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import type { TaskProtocolEntity } from '../../../../../contract/client-definitions'
import { RouterButton } from '../../../../ui/links'
import { formatDateTime } from '../../../account/format'
import { ProtocolViewer } from '../../../protocols/ProtocolViewer'
import { protocolPdfUrl } from '../../../protocols/queries'
import { versionedQuery } from '../../queries/definitions'
import { QueryView } from '../shared/QueryView'
import { VersionedDetails } from '../shared/VersionedDetails'
import { deleteProtocol } from './api'
import { VersionChanges } from './VersionChanges'

type ProtocolDetailsPageProps = {
  id: number
  /** Set after an edit made this version: the version it replaced. */
  replacedVersion?: number
}

/** task-protocols/{taskProtocolId}: the content, its changes, versions and users. */
export function ProtocolDetailsPage({ id, replacedVersion }: ProtocolDetailsPageProps) {
  const { t } = useLingui()
  const query = useQuery(versionedQuery('task-protocols', id))
  return (
    <QueryView query={query} loadingLabel={t`Loading the protocol`}>
      {(protocol) => <ProtocolDetails protocol={protocol} replacedVersion={replacedVersion} />}
    </QueryView>
  )
}

function ProtocolDetails({
  protocol,
  replacedVersion,
}: {
  protocol: TaskProtocolEntity
  replacedVersion?: number
}) {
  const { t } = useLingui()
  return (
    <VersionedDetails
      kind="task-protocols"
      entity={protocol}
      title={<Trans>Task protocol</Trans>}
      replacedVersion={replacedVersion}
      remove={() => deleteProtocol(protocol.id)}
      actions={
        <RouterButton
          to="/client/tasks-definitions/task-protocols/$taskProtocolId/preview"
          params={{ taskProtocolId: String(protocol.id) }}
          variant="light"
          leftSection={<IconEye size={16} aria-hidden />}
        >
          <Trans>Preview</Trans>
        </RouterButton>
      }
      facts={[
        {
          label: <Trans>Serving type</Trans>,
          value: protocol.serving_type === 'PDF' ? t`PDF file` : t`Text (Markdown)`,
        },
        ...(protocol.file ? [{ label: <Trans>File</Trans>, value: protocol.file.name }] : []),
        {
          label: <Trans>Show changes for</Trans>,
          value: t`${protocol.show_changes_days} days`,
        },
        { label: <Trans>Author</Trans>, value: protocol.author?.username ?? '—' },
        { label: <Trans>Created</Trans>, value: formatDateTime(protocol.created_timestamp) },
      ]}
      versionExtra={(version) => <VersionChanges version={version} />}
    >
      <Title order={2} size="h4">
        <Trans>Content</Trans>
      </Title>
      <Paper withBorder p="md">
        <ProtocolViewer
          protocol={{ ...protocol, show_changes: protocol.diff !== null }}
          pdfUrl={protocolPdfUrl(protocol.id)}
        />
      </Paper>
    </VersionedDetails>
  )
}
