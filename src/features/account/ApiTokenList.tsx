import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Badge, Code, Stack, Text, Tooltip } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { ApiToken } from '../../../contract/api-tokens'
import type { Paged } from '../../../contract/common'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import type { DataColumn } from '../../ui/DataTable'
import { generalMessage } from '../../ui/forms/form-errors'
import { notifyError } from '../../ui/notify'
import { PagedTable } from '../../ui/PagedList'
import { API_TOKEN_PAGE_SIZE } from './api-tokens'
import { formatDateTime } from './format'

type ApiTokenListProps<T extends ApiToken> = {
  /** Names the table for screen readers. */
  label: string
  query: UseQueryResult<Paged<T>>
  offset: number
  onOffsetChange: (offset: number) => void
  /** Columns before the token's own (the owner, in the staff's list). */
  leadingColumns?: DataColumn<T>[]
  revoke: (id: number) => Promise<unknown>
  /** The query key of every page of the list, refetched after a revocation. */
  listKey: readonly unknown[]
  /** What revoking means, in the confirmation. */
  revokeWarning: (row: T) => ReactNode
}

/**
 * A page of API tokens (name and prefix, created, expires, last used) with Revoke, asked for
 * before it is done; the token itself is never shown again.
 */
export function ApiTokenList<T extends ApiToken>({
  label,
  query,
  offset,
  onOffsetChange,
  leadingColumns = [],
  revoke,
  listKey,
  revokeWarning,
}: ApiTokenListProps<T>) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [revoking, setRevoking] = useState<T | null>(null)
  const revocation = useMutation({
    mutationFn: (id: number) => revoke(id),
    onSuccess: () => {
      setRevoking(null)
      void queryClient.invalidateQueries({ queryKey: listKey })
    },
    onError: (error) =>
      notifyError({
        title: t`The token could not be revoked.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      }),
  })

  const columns: DataColumn<T>[] = [
    ...leadingColumns,
    {
      key: 'name',
      header: <Trans>Name</Trans>,
      rowHeader: true,
      cell: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          <Code>{row.prefix}…</Code>
        </Stack>
      ),
    },
    {
      key: 'created',
      header: <Trans>Created</Trans>,
      cell: (row) => formatDateTime(row.created_at),
    },
    { key: 'expires', header: <Trans>Expires</Trans>, cell: (row) => <Expiry row={row} /> },
    {
      key: 'used',
      header: <Trans>Last used</Trans>,
      cell: (row) =>
        row.last_used_at ? (
          <Stack gap={2}>
            <Text size="sm">{formatDateTime(row.last_used_at)}</Text>
            <Text size="xs" c="dimmed">
              {t`from ${row.last_used_address ?? '?'}`}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>Never used</Trans>
          </Text>
        ),
    },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (row) => (
        <Tooltip label={t`Revoke`}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t`Revoke the token ${row.name}`}
            onClick={() => setRevoking(row)}
          >
            <IconTrash aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ]

  return (
    <>
      <PagedTable
        query={query}
        label={label}
        loadingLabel={t`Loading the API tokens…`}
        failedTitle={<Trans>The API tokens could not be loaded.</Trans>}
        emptyTitle={<Trans>No API tokens</Trans>}
        paging={{
          offset,
          onOffset: onOffsetChange,
          pageSize: API_TOKEN_PAGE_SIZE,
          countLabel: (page) => t`Tokens: ${page.count}`,
        }}
        columns={columns}
        minWidth={leadingColumns.length > 0 ? 820 : 680}
      />
      <ConfirmDialog
        opened={revoking !== null}
        title={revoking ? t`Revoke the token ${revoking.name}?` : ''}
        confirmLabel={<Trans>Revoke</Trans>}
        danger
        pending={revocation.isPending}
        onConfirm={() => revoking && revocation.mutate(revoking.id)}
        onCancel={() => setRevoking(null)}
      >
        {revoking && revokeWarning(revoking)}
      </ConfirmDialog>
    </>
  )
}

function Expiry({ row }: { row: ApiToken }) {
  if (row.expires_at === null) {
    return (
      <Badge color="gray" variant="light">
        <Trans>Never</Trans>
      </Badge>
    )
  }
  if (Date.parse(row.expires_at) <= Date.now()) {
    return (
      <Badge color="red">
        <Trans>Expired</Trans>
      </Badge>
    )
  }
  return formatDateTime(row.expires_at)
}
