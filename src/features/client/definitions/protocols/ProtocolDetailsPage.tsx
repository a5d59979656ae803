import { Trans, useLingui } from '@lingui/react/macro'
import { Paper, Stack, Title } from '@mantine/core'
import { IconEye, IconSettings } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import type { TaskProtocolEntity } from '../../../../../contract/client-definitions'
import { RouterAnchor, RouterButton } from '../../../../ui/links'
import { formatDateTime } from '../../../account/format'
import { ProtocolViewer, protocolPdfUrl } from '../../../protocols'
import { versionedQuery } from '../../queries/definitions'
import { DefinitionFacts } from '../shared/DefinitionFacts'
import { DefinitionHeader } from '../shared/DefinitionHeader'
import { DeleteDefinition } from '../shared/DeleteDefinition'
import { QueryView } from '../shared/QueryView'
import { UsagePanel } from '../shared/UsagePanel'
import { VersionHistory } from '../shared/VersionHistory'
import { NewVersionNotice } from '../shared/VersionNotices'
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
  const params = { taskProtocolId: String(protocol.id) }
  const newest = protocol.next_version === null

  return (
    <Stack gap="lg">
      <DefinitionHeader
        title={<Trans>Task protocol</Trans>}
        name={protocol.name}
        version={protocol.version}
        clientGroup={protocol.client_group}
        actions={
          <>
            <RouterButton
              to="/client/tasks-definitions/task-protocols/$taskProtocolId/preview"
              params={params}
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
            >
              <Trans>Preview</Trans>
            </RouterButton>
            {newest && (
              <RouterButton
                to="/client/tasks-definitions/task-protocols/$taskProtocolId/settings"
                params={params}
                variant="light"
                leftSection={<IconSettings size={16} aria-hidden />}
              >
                <Trans>Settings</Trans>
              </RouterButton>
            )}
            <DeleteDefinition
              kind="task-protocols"
              name={protocol.name}
              remove={() => deleteProtocol(protocol.id)}
            />
          </>
        }
        newerVersion={
          !newest && (
            <RouterAnchor
              to="/client/tasks-definitions/task-protocols/$taskProtocolId"
              params={{ taskProtocolId: String(protocol.next_version) }}
            >
              <Trans>the newer version</Trans>
            </RouterAnchor>
          )
        }
      />
      <NewVersionNotice version={protocol.version} replaced={replacedVersion} />
      <DefinitionFacts
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
      />
      <Title order={2} size="h4">
        <Trans>Content</Trans>
      </Title>
      <Paper withBorder p="md">
        <ProtocolViewer
          protocol={{ ...protocol, show_changes: protocol.diff !== null }}
          pdfUrl={protocolPdfUrl(protocol.id)}
        />
      </Paper>
      <UsagePanel taskTypes={protocol.task_types} tasks={protocol.tasks} />
      <VersionHistory
        kind="task-protocols"
        id={protocol.id}
        link={(version) => (
          <RouterAnchor
            to="/client/tasks-definitions/task-protocols/$taskProtocolId"
            params={{ taskProtocolId: String(version.id) }}
          >
            <Trans>Version {version.version}</Trans>
          </RouterAnchor>
        )}
        extra={(version) => <VersionChanges version={version} />}
      />
    </Stack>
  )
}
