import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { DataTable } from '../../../../ui/DataTable'
import { QueryContent } from '../../../../ui/QueryStates'
import {
  previousVersionsQuery,
  type VersionedEntity,
  type VersionedKind,
} from '../../queries/definitions'
import { authorshipColumns } from './versioned-columns'

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
      <QueryContent
        query={versions}
        loadingLabel={t`Loading the previous versions`}
        failedTitle={<Trans>The versions could not be loaded.</Trans>}
        empty={
          <Text c="dimmed" size="sm">
            <Trans>This is the first version.</Trans>
          </Text>
        }
      >
        {(previous) => (
          <DataTable
            label={t`Previous versions`}
            columns={[
              { key: 'version', header: <Trans>Version</Trans>, cell: link },
              {
                key: 'name',
                header: <Trans>Name</Trans>,
                cell: (version) => (
                  <>
                    {version.name}
                    {extra?.(version)}
                  </>
                ),
              },
              ...authorshipColumns<VersionedEntity<K>>(),
              {
                key: 'usage',
                header: <Trans>Used by</Trans>,
                cell: (version) => (
                  <Plural value={version.tasks.length} one="# task" other="# tasks" />
                ),
              },
            ]}
            rows={previous}
            rowKey={(version) => version.id}
            minWidth={520}
          />
        )}
      </QueryContent>
    </Stack>
  )
}
