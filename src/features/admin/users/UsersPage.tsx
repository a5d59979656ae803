import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Badge, Group, Select, Text, Tooltip } from '@mantine/core'
import { IconUserCheck, IconUserOff } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminUser } from '../../../../contract/admin'
import { ROLES } from '../../../../contract/roles'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'
import { generalMessage } from '../../../ui/forms/form-errors'
import { notifyError } from '../../../ui/notify'
import { formatDateTime } from '../../account/format'
import { currentUserQuery } from '../../auth/queries'
import { AdminListPage, FILTER_WIDTH } from '../AdminListPage'
import { adminKeys, usersApi } from '../api'
import { useRoleLabels } from './roles'
import { UserForm } from './UserForm'

/** /admin_panel/users/list: every account, with its roles, kind and whether it is active. */
export function UsersPage() {
  const { t, i18n } = useLingui()
  const roleLabels = useRoleLabels()
  const queryClient = useQueryClient()
  const [role, setRole] = useState<string | null>(null)
  const [active, setActive] = useState<string | null>(null)
  const [kind, setKind] = useState<string | null>(null)
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null)
  const activation = useMutation({
    mutationFn: ({ user, isActive }: { user: AdminUser; isActive: boolean }) =>
      usersApi.update(user.id, { is_active: isActive }),
    onSuccess: () => {
      setDeactivating(null)
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
    onError: (error) => {
      setDeactivating(null)
      notifyError({
        title: t`The account could not be changed.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      })
    },
  })
  const { data: self } = useQuery(currentUserQuery())

  return (
    <>
      <AdminListPage<AdminUser>
        title={<Trans>Users list</Trans>}
        label={t`Accounts`}
        noun={{ create: t`New account`, edit: (row) => t`Edit ${row.username}` }}
        orderings={[
          { value: 'username', label: t`Username A–Z` },
          { value: 'last_name', label: t`Last name A–Z` },
          { value: '-date_joined', label: t`Newest first` },
          { value: 'date_joined', label: t`Oldest first` },
        ]}
        filters={
          <>
            <Select
              label={t`Role`}
              placeholder={t`Any role`}
              data={ROLES.map((value) => ({ value, label: roleLabels[value] }))}
              value={role}
              onChange={setRole}
              clearable
              w={FILTER_WIDTH}
            />
            <Select
              label={t`State`}
              placeholder={t`Active or not`}
              data={[
                { value: 'true', label: t`Active` },
                { value: 'false', label: t`Deactivated` },
              ]}
              value={active}
              onChange={setActive}
              clearable
              w={FILTER_WIDTH}
            />
            <Select
              label={t`Sign-in`}
              placeholder={t`Any kind`}
              data={[
                { value: 'true', label: t`Single sign-on` },
                { value: 'false', label: t`Password` },
              ]}
              value={kind}
              onChange={setKind}
              clearable
              w={FILTER_WIDTH}
            />
          </>
        }
        filterQuery={{
          role: role ?? undefined,
          is_active: active ?? undefined,
          is_sso_account: kind ?? undefined,
        }}
        api={usersApi}
        columns={[
          {
            key: 'username',
            header: <Trans>Username</Trans>,
            cell: (row) => row.username,
            rowHeader: true,
          },
          {
            key: 'name',
            header: <Trans>Name</Trans>,
            cell: (row) => (
              <>
                <Text size="sm">{`${row.first_name} ${row.last_name}`.trim() || '—'}</Text>
                <Text size="xs" c="dimmed">
                  {row.email}
                </Text>
              </>
            ),
          },
          {
            key: 'roles',
            header: <Trans>Roles</Trans>,
            cell: (row) => (
              <Group gap={4}>
                {row.roles.map((value) => (
                  <Badge key={value} variant="light">
                    {roleLabels[value]}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            key: 'kind',
            header: <Trans>Sign-in</Trans>,
            cell: (row) => (row.is_sso_account ? t`Single sign-on` : t`Password`),
          },
          {
            key: 'state',
            header: <Trans>State</Trans>,
            cell: (row) =>
              row.is_active ? (
                <Badge color="teal" variant="light">
                  <Trans>Active</Trans>
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  <Trans>Deactivated</Trans>
                </Badge>
              ),
          },
          {
            key: 'last_login',
            header: <Trans>Last login</Trans>,
            cell: (row) => (row.last_login ? formatDateTime(row.last_login) : t`Never`),
          },
        ]}
        phoneColumns={['username', 'state']}
        rowActions={(row) =>
          // Staff cannot lock themselves out (the server refuses it too).
          row.id === self?.id ? null : row.is_active ? (
            <Tooltip label={t`Deactivate ${row.username}`}>
              <ActionIcon
                variant="subtle"
                color="orange"
                aria-label={t`Deactivate ${row.username}`}
                onClick={() => setDeactivating(row)}
              >
                <IconUserOff aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label={t`Activate ${row.username}`}>
              <ActionIcon
                variant="subtle"
                color="teal"
                aria-label={t`Activate ${row.username}`}
                loading={activation.isPending && activation.variables?.user.id === row.id}
                onClick={() => activation.mutate({ user: row, isActive: true })}
              >
                <IconUserCheck aria-hidden />
              </ActionIcon>
            </Tooltip>
          )
        }
        emptyTitle={<Trans>No accounts match</Trans>}
        form={(row, close) => <UserForm user={row} close={close} />}
      />
      <ConfirmDialog
        opened={deactivating !== null}
        title={deactivating ? t`Deactivate ${deactivating.username}?` : ''}
        confirmLabel={<Trans>Deactivate</Trans>}
        danger
        pending={activation.isPending}
        onConfirm={() => deactivating && activation.mutate({ user: deactivating, isActive: false })}
        onCancel={() => setDeactivating(null)}
      >
        <Trans>
          They are signed out everywhere at once and cannot sign in until the account is activated
          again.
        </Trans>
      </ConfirmDialog>
    </>
  )
}
