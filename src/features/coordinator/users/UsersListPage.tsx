import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Anchor, Badge, Group, Select, Stack, Text, Tooltip } from '@mantine/core'
import { IconPencil, IconUserOff } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { CoordinatorUser } from '../../../../contract/coordinator-users'
import { USER_ORDERING_FIELDS, type UserOrderingField } from '../../../../contract/list-params'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'
import type { DataColumn } from '../../../ui/DataTable'
import { generalMessage } from '../../../ui/forms/form-errors'
import { notifyError, notifySuccess } from '../../../ui/notify'
import { PagedTable } from '../../../ui/PagedList'
import { TitleBar } from '../../../ui/TitleBar'
import { formatDateTime } from '../../account/format'
import { coordinatorKeys } from '../queries'
import { useCoordinationGroupFilter } from '../use-coordination-group'
import {
  anonymizeUser,
  userFilterQuery,
  userListQuery,
  userListQueryOptions,
  userStatsQueryOptions,
} from './queries'
import type { UserListSearch } from './search'
import { AlertBadges } from './UserBadges'
import { UserEditDialog } from './UserEditDialog'
import { UserFilters } from './UserFilters'

type UsersListPageProps = {
  search: UserListSearch
  onSearch: (patch: Partial<UserListSearch>) => void
}

const fullName = (user: { first_name: string; last_name: string }) =>
  `${user.first_name} ${user.last_name}`.trim()

/** /coordinator/users/list: the users of the coordinator's groups, their alerts and actions. */
export function UsersListPage({ search, onSearch }: UsersListPageProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const coordinationGroup = useCoordinationGroupFilter()
  const list = useQuery(userListQueryOptions(userListQuery(search, coordinationGroup)))
  const stats = useQuery(userStatsQueryOptions(userFilterQuery(search, coordinationGroup)))
  const [editing, setEditing] = useState<CoordinatorUser | null>(null)
  const [anonymizing, setAnonymizing] = useState<CoordinatorUser | null>(null)
  const onFilter = (patch: Partial<UserListSearch>) => onSearch({ ...patch, page: undefined })

  const anonymization = useMutation({
    mutationFn: (user: CoordinatorUser) => anonymizeUser(user.id),
    onSuccess: (result) => {
      setAnonymizing(null)
      notifySuccess({ message: t`The account is now ${result.username}.` })
      void queryClient.invalidateQueries({ queryKey: coordinatorKeys.all })
    },
    onError: (error) =>
      notifyError({
        title: t`The user could not be anonymized.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      }),
  })

  const columns: DataColumn<CoordinatorUser>[] = [
    {
      key: 'user',
      header: <Trans>User</Trans>,
      rowHeader: true,
      cell: (user) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {user.username}
          </Text>
          {fullName(user) && (
            <Text size="xs" c="dimmed">
              {fullName(user)}
            </Text>
          )}
          {user.email && (
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            <Trans>Joined {formatDateTime(user.date_joined)}</Trans>
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      cell: (user) => (
        <Stack gap={4} align="flex-start">
          {user.anonymized_timestamp ? (
            <Badge color="gray">
              <Trans>Anonymized</Trans>
            </Badge>
          ) : user.is_active ? (
            <Badge color="green" variant="light">
              <Trans>Active</Trans>
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              <Trans>Inactive</Trans>
            </Badge>
          )}
          <AlertBadges alerts={user.alerts} />
        </Stack>
      ),
    },
    {
      key: 'languages',
      header: <Trans>Languages</Trans>,
      cell: (user) => {
        const profile = user.endworker_profile
        if (!profile || (profile.languages.length === 0 && profile.native_languages.length === 0))
          return (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )
        return (
          <Stack gap={2}>
            <Text size="sm">{profile.languages.map((language) => language.name).join(', ')}</Text>
            {profile.native_languages.length > 0 && (
              <Text size="xs" c="dimmed">
                <Trans>
                  Native: {profile.native_languages.map((language) => language.name).join(', ')}
                </Trans>
              </Text>
            )}
          </Stack>
        )
      },
    },
    {
      key: 'availability',
      header: <Trans>Availability</Trans>,
      numeric: true,
      cell: (user) => {
        const hours = user.endworker_profile?.availability
        return hours === null || hours === undefined ? '—' : t`${hours} h/week`
      },
    },
    {
      key: 'ratio',
      header: <Trans>Ratio</Trans>,
      numeric: true,
      cell: (user) => (user.ratio === null ? '—' : `${user.ratio}%`),
    },
    {
      key: 'flagged',
      header: <Trans>Flagged items</Trans>,
      numeric: true,
      cell: (user) =>
        user.flagged_items === 0 ? (
          '0'
        ) : (
          <Anchor
            size="sm"
            c="red"
            aria-label={t`Flagged work of ${user.username}: ${user.flagged_items} items`}
            renderRoot={(props) => (
              <Link
                to="/coordinator/item-sets"
                search={{ flagged: true, search: user.username }}
                {...props}
              />
            )}
          >
            {user.flagged_items}
          </Anchor>
        ),
    },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (user) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t`Edit`}>
            <ActionIcon
              variant="subtle"
              aria-label={t`Edit ${user.username}`}
              onClick={() => setEditing(user)}
              disabled={user.anonymized_timestamp !== null}
            >
              <IconPencil aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={user.is_staff ? t`Staff accounts cannot be anonymized` : t`Anonymize`}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t`Anonymize ${user.username}`}
              onClick={() => setAnonymizing(user)}
              disabled={user.is_staff || user.anonymized_timestamp !== null}
            >
              <IconUserOff aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ]

  return (
    <Stack>
      <TitleBar level="page" title={<Trans>Users list</Trans>} />
      <UserFilters search={search} onFilter={onFilter} />
      <Group justify="space-between" align="flex-end">
        <Text size="sm" aria-live="polite">
          {stats.data ? (
            <Trans>
              Users: {stats.data.count} · Total availability: {stats.data.total_availability} h/week
            </Trans>
          ) : (
            <Trans>Counting…</Trans>
          )}
        </Text>
        <Select
          label={t`Order by`}
          data={USER_ORDERING_FIELDS.flatMap((field) => [
            { value: field, label: `${i18n._(ORDER_LABELS[field])} ↑` },
            { value: `-${field}`, label: `${i18n._(ORDER_LABELS[field])} ↓` },
          ])}
          value={search.ordering ?? 'username'}
          onChange={(ordering) =>
            onFilter({ ordering: (ordering ?? undefined) as UserListSearch['ordering'] })
          }
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <PagedTable
        query={list}
        loadingLabel={t`Loading the users…`}
        failedTitle={<Trans>The users could not be loaded.</Trans>}
        emptyTitle={<Trans>No users match these filters</Trans>}
        paging={{ page: search.page ?? 1, onPage: (page) => onSearch({ page }) }}
        label={t`Users`}
        columns={columns}
        minWidth={720}
      />
      <UserEditDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={anonymizing !== null}
        title={t`Anonymize ${anonymizing?.username ?? ''}?`}
        confirmLabel={<Trans>Anonymize for good</Trans>}
        danger
        pending={anonymization.isPending}
        onConfirm={() => anonymizing && anonymization.mutate(anonymizing)}
        onCancel={() => setAnonymizing(null)}
      >
        <Trans>
          This cannot be undone. The account is deactivated and signed out, its first name, last
          name and e-mail are erased and its username is replaced by an anonymous one. Its
          annotations, reviews, time logs and pay history stay, under the anonymous name.
        </Trans>
      </ConfirmDialog>
    </Stack>
  )
}

const ORDER_LABELS: Record<UserOrderingField, MessageDescriptor> = {
  id: msg`Id`,
  username: msg`Username`,
  first_name: msg`First name`,
  last_name: msg`Last name`,
  email: msg`E-mail`,
  date_joined: msg`Date joined`,
  ratio: msg`Ratio`,
  availability: msg`Availability`,
}
