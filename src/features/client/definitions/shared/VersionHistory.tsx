import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { formatDateTime } from '../../../account/format'
import {
  previousVersionsQuery,
  type VersionedEntity,
  type VersionedKind,
} from '../../queries/definitions'
import { LoadFailed, Loading } from '../../tasks/QueryStates'

type VersionHistoryProps<K extends VersionedKind> = {
  kind: K
  id: number
  /** Links a version to its page. */
  link: (version: VersionedEntity<K>) => ReactNode
  /** What else a version shows (a protocol's diff). */
  extra?: (version: VersionedEntity<K>) => ReactNode
}

/** The versions this version replaced, newest first. */
export function VersionHistory<K extends VersionedKind>({
  kind,
  id,
  link,
  extra,
}: VersionHistoryProps<K>) {
  const { t } = useLingui()
  const versions = useQuery(previousVersionsQuery(kind, id))
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        <Trans>Previous versions</Trans>
      </Title>
      {versions.isPending ? (
        <Loading label={t`Loading the previous versions`} />
      ) : versions.isError ? (
        <LoadFailed
          error={versions.error}
          title={<Trans>The versions could not be loaded.</Trans>}
        />
      ) : versions.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>This is the first version.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label={t`Previous versions`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Version</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Author</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Created</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Used by</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.map((version) => (
                <Table.Tr key={version.id}>
                  <Table.Td>{link(version)}</Table.Td>
                  <Table.Td>
                    {version.name}
                    {extra?.(version)}
                  </Table.Td>
                  <Table.Td>{version.author?.username ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(version.created_timestamp)}</Table.Td>
                  <Table.Td>
                    <Plural value={version.tasks.length} one="# task" other="# tasks" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
