import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ProtocolViewer } from '../../../protocols/ProtocolViewer'
import { protocolPdfUrl, publicProtocolQuery } from '../../../protocols/queries'
import { DefinitionLink } from '../shared/definition-links'
import { QueryView } from '../shared/QueryView'

/** task-protocols/{taskProtocolId}/preview: the protocol exactly as workers are shown it. */
export function ProtocolPreviewPage({ id }: { id: number }) {
  const { t } = useLingui()
  const query = useQuery(publicProtocolQuery(id))
  return (
    <QueryView query={query} loadingLabel={t`Loading the protocol`}>
      {(protocol) => (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Title order={1} size="h2">
                <Trans>
                  Preview: {protocol.name}, version {protocol.version}
                </Trans>
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>This is what workers see when they open the protocol.</Trans>
              </Text>
            </Stack>
            <DefinitionLink kind="task-protocols" id={id}>
              <Trans>Back to the protocol</Trans>
            </DefinitionLink>
          </Group>
          <Paper withBorder p="md">
            <ProtocolViewer protocol={protocol} pdfUrl={protocolPdfUrl(id)} />
          </Paper>
        </Stack>
      )}
    </QueryView>
  )
}
