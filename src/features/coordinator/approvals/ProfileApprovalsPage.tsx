import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { IconCheck, IconTrash, IconX } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Language } from '../../../../contract/auth'
import { APPROVAL_STATUS } from '../../../../contract/auth'
import type { CoordinatorApproval } from '../../../../contract/coordinator-users'
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDialog'
import { generalMessage } from '../../../ui/forms/form-errors'
import { notifyError, notifySuccess } from '../../../ui/notify'
import { PagedList } from '../../../ui/PagedList'
import { TitleBar } from '../../../ui/TitleBar'
import { formatDateTime } from '../../account/format'
import { DebouncedSearch } from '../../client/tasks/table/DebouncedSearch'
import { CoordinationGroupFilter } from '../CoordinationGroupFilter'
import { coordinatorKeys } from '../queries'
import { useCoordinationGroupFilter } from '../use-coordination-group'
import {
  approvalCountQueryOptions,
  approvalListQuery,
  approvalListQueryOptions,
  decideApproval,
  deleteApproval,
} from '../users/queries'
import { APPROVAL_STATUS_FILTERS, type ApprovalListSearch } from './search'

const STATUS_LABELS: Record<(typeof APPROVAL_STATUS_FILTERS)[number], MessageDescriptor> = {
  '0': msg`Pending`,
  '1': msg`Automatic`,
  '2': msg`Accepted`,
  '3': msg`Rejected`,
  all: msg`All`,
}

const STATUS_COLORS = ['orange', 'gray', 'green', 'red'] as const

type ProfileApprovalsPageProps = {
  search: ApprovalListSearch
  onSearch: (patch: Partial<ApprovalListSearch>) => void
}

/** /coordinator/users/profile_approvals: language changes of workers waiting for a decision. */
export function ProfileApprovalsPage({ search, onSearch }: ProfileApprovalsPageProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const coordinationGroup = useCoordinationGroupFilter()
  const query = approvalListQuery(search, coordinationGroup)
  const list = useQuery(approvalListQueryOptions(query))
  const pending = useQuery(
    approvalCountQueryOptions({ coordination_group: query.coordination_group, status: '0' }),
  )
  const [deleting, setDeleting] = useState<CoordinatorApproval | null>(null)
  const onFilter = (patch: Partial<ApprovalListSearch>) => onSearch({ ...patch, page: undefined })
  const refresh = () => queryClient.invalidateQueries({ queryKey: coordinatorKeys.all })

  const decision = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 2 | 3 }) => decideApproval(id, { status }),
    onSuccess: (approval) => {
      notifySuccess({
        message:
          approval.status === APPROVAL_STATUS.ACCEPTED
            ? t`The new languages of ${approval.end_worker.username} apply now.`
            : t`${approval.end_worker.username} keeps the former languages.`,
      })
      void refresh()
    },
    onError: (error) =>
      notifyError({
        title: t`The decision could not be saved.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      }),
  })
  // A for approve, R for reject: the first pending change in view, one after the other.
  const firstPending = list.data?.results.find(
    (approval) => approval.status === APPROVAL_STATUS.PENDING,
  )
  const decideFirst = (status: 2 | 3) => {
    if (firstPending && !decision.isPending) decision.mutate({ id: firstPending.id, status })
  }
  useHotkeys([
    ['a', () => decideFirst(APPROVAL_STATUS.ACCEPTED)],
    ['r', () => decideFirst(APPROVAL_STATUS.REJECTED)],
  ])
  const deletion = useMutation({
    mutationFn: () => (deleting ? deleteApproval(deleting.id) : Promise.resolve()),
    onSuccess: () => {
      setDeleting(null)
      void refresh()
    },
    onError: (error) =>
      notifyError({
        title: t`The approval could not be deleted.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      }),
  })

  return (
    <Stack>
      <TitleBar level="page" title={<Trans>Profile approvals</Trans>} />
      <CoordinationGroupFilter />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t`Status`}
          data={APPROVAL_STATUS_FILTERS.map((status) => ({
            value: status,
            label:
              status === '0' && pending.data
                ? `${i18n._(STATUS_LABELS[status])} (${pending.data.count})`
                : i18n._(STATUS_LABELS[status]),
          }))}
          value={search.status ?? '0'}
          onChange={(status) =>
            onFilter({ status: (status ?? undefined) as ApprovalListSearch['status'] })
          }
          allowDeselect={false}
        />
        <DebouncedSearch
          label={t`Search`}
          value={search.search ?? ''}
          onSearch={(value) => onFilter({ search: value || undefined })}
        />
        <Select
          label={t`Order by`}
          data={[
            { value: 'created', label: t`Oldest first` },
            { value: '-created', label: t`Newest first` },
            { value: 'username', label: t`Username` },
            { value: 'status', label: t`Status` },
          ]}
          value={search.ordering ?? 'created'}
          onChange={(ordering) =>
            onFilter({ ordering: (ordering ?? undefined) as ApprovalListSearch['ordering'] })
          }
          allowDeselect={false}
        />
      </SimpleGrid>
      <PagedList
        query={list}
        loadingLabel={t`Loading the profile approvals…`}
        failedTitle={<Trans>The profile approvals could not be loaded.</Trans>}
        emptyTitle={<Trans>No profile approvals here</Trans>}
        paging={{ page: search.page ?? 1, onPage: (page) => onSearch({ page }) }}
      >
        {(approvals) => (
          <Stack gap="sm">
            {firstPending && (
              <Text size="sm" c="dimmed">
                <Trans>
                  Shortcuts: A approves and R rejects the first pending change in the list.
                </Trans>
              </Text>
            )}
            {approvals.map((approval) => (
              <ApprovalCard
                key={approval.id}
                approval={approval}
                deciding={decision.isPending && decision.variables?.id === approval.id}
                onDecide={(status) => decision.mutate({ id: approval.id, status })}
                onDelete={() => setDeleting(approval)}
              />
            ))}
          </Stack>
        )}
      </PagedList>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={t`Delete the approval of ${deleting?.end_worker.username ?? ''}?`}
        deletion={deletion}
        onCancel={() => setDeleting(null)}
      >
        <Trans>
          A pending change is thereby withdrawn: the worker keeps the current languages.
        </Trans>
      </ConfirmDeleteDialog>
    </Stack>
  )
}

const names = (languages: Language[]) =>
  languages.length === 0 ? '—' : languages.map((language) => language.name).join(', ')

type ApprovalCardProps = {
  approval: CoordinatorApproval
  deciding: boolean
  onDecide: (status: 2 | 3) => void
  onDelete: () => void
}

function ApprovalCard({ approval, deciding, onDecide, onDelete }: ApprovalCardProps) {
  const { t, i18n } = useLingui()
  const worker = approval.end_worker
  const name = `${worker.first_name} ${worker.last_name}`.trim()
  const isPending = approval.status === APPROVAL_STATUS.PENDING
  return (
    <Card withBorder padding="md" component="article" aria-label={worker.username}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text fw={600}>{worker.username}</Text>
            <Text size="sm" c="dimmed">
              {[name, worker.email].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Badge color={STATUS_COLORS[approval.status]}>
              {i18n._(STATUS_LABELS[String(approval.status) as '0'])}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDateTime(approval.created_timestamp)}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              <Trans>Now</Trans>
            </Text>
            <LanguageLines
              languages={worker.languages}
              native={worker.native_languages}
              main={worker.main_language}
            />
          </Stack>
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              <Trans>Asked for</Trans>
            </Text>
            <LanguageLines
              languages={approval.new_languages}
              native={approval.new_native_languages}
              main={approval.new_main_language}
            />
          </Stack>
        </SimpleGrid>
        {approval.decided_timestamp && (
          <Text size="xs" c="dimmed">
            <Trans>
              Decided {formatDateTime(approval.decided_timestamp)}
              {approval.decided_by ? ` · ${approval.decided_by.username}` : ''}
            </Trans>
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            aria-label={t`Delete the approval of ${worker.username}`}
          >
            <Trans>Delete</Trans>
          </Button>
          {isPending && (
            <>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconX size={16} aria-hidden />}
                loading={deciding}
                onClick={() => onDecide(APPROVAL_STATUS.REJECTED)}
                aria-label={t`Reject the change of ${worker.username}`}
              >
                <Trans>Reject</Trans>
              </Button>
              <Button
                color="green"
                size="xs"
                leftSection={<IconCheck size={16} aria-hidden />}
                loading={deciding}
                onClick={() => onDecide(APPROVAL_STATUS.ACCEPTED)}
                aria-label={t`Approve the change of ${worker.username}`}
              >
                <Trans>Approve</Trans>
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  )
}

function LanguageLines({
  languages,
  native,
  main,
}: {
  languages: Language[]
  native: Language[]
  main: Language | null
}) {
  return (
    <>
      <Text size="sm">
        <Trans>Languages: {names(languages)}</Trans>
      </Text>
      <Text size="sm">
        <Trans>Native: {names(native)}</Trans>
      </Text>
      <Text size="sm">
        <Trans>Main: {main?.name ?? '—'}</Trans>
      </Text>
    </>
  )
}
