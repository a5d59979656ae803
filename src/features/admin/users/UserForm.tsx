import { useLingui } from '@lingui/react/macro'
import { MultiSelect, PasswordInput, SimpleGrid, Switch, TextInput } from '@mantine/core'
import {
  type AdminUser,
  type AdminUserCreate,
  AdminUserCreateSchema,
  type AdminUserUpdate,
  AdminUserUpdateSchema,
} from '../../../../contract/admin'
import { ROLES, type Role } from '../../../../contract/roles'
import { AdminFormShell, useAdminForm } from '../AdminForm'
import { usersApi } from '../api'
import { idNumbers, idTexts, useClientGroupChoices, useEndworkerGroupChoices } from '../choices'
import { useRoleLabels } from './roles'

type UserValues = {
  username: string
  first_name: string
  last_name: string
  email: string
  roles: string[]
  groups: string[]
  client_groups: string[]
  /** A placeholder account that signs in through single sign-on only. */
  sso_only: boolean
  password: string
}

const initialValues = (user: AdminUser | null): UserValues => ({
  username: user?.username ?? '',
  first_name: user?.first_name ?? '',
  last_name: user?.last_name ?? '',
  email: user?.email ?? '',
  roles: user?.roles ?? ['endworker'],
  groups: idTexts(user?.groups ?? []),
  client_groups: idTexts(user?.client_groups ?? []),
  sso_only: false,
  password: '',
})

const accountInput = (values: UserValues) => ({
  first_name: values.first_name,
  last_name: values.last_name,
  email: values.email,
  roles: values.roles as Role[],
  groups: idNumbers(values.groups),
  client_groups: idNumbers(values.client_groups),
})

/** Creates an account, or changes the names, e-mail, roles and groups of one. */
export function UserForm({ user, close }: { user: AdminUser | null; close: () => void }) {
  const { t } = useLingui()
  const roleLabels = useRoleLabels()
  const groups = useEndworkerGroupChoices()
  const clientGroups = useClientGroupChoices()
  const form = useAdminForm({
    draftKey: `user:${user?.id ?? 'new'}`,
    initialValues: initialValues(user),
    schema: user ? AdminUserUpdateSchema : AdminUserCreateSchema,
    toInput: (values: UserValues) =>
      user
        ? accountInput(values)
        : {
            ...accountInput(values),
            username: values.username,
            password: values.sso_only ? null : values.password,
          },
    // The schema follows `user`, so the payload is the one its call takes.
    submit: (payload) =>
      user
        ? usersApi.update(user.id, payload as AdminUserUpdate)
        : usersApi.create(payload as AdminUserCreate),
    onSaved: close,
  })
  return (
    <AdminFormShell
      form={form}
      label={user ? t`Edit the account` : t`New account`}
      onCancel={close}
    >
      {!user && (
        <TextInput
          label={t`Username`}
          required
          autoComplete="off"
          {...form.textInput('username')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t`First name`} {...form.textInput('first_name')} />
        <TextInput label={t`Last name`} {...form.textInput('last_name')} />
      </SimpleGrid>
      <TextInput label={t`E-mail`} type="email" {...form.textInput('email')} />
      {!user && (
        <>
          <Switch
            label={t`Single sign-on only`}
            description={t`A placeholder the person links at their first single sign-on, by this e-mail.`}
            checked={form.values.sso_only}
            onChange={(event) => form.setValue('sso_only', event.currentTarget.checked)}
          />
          {!form.values.sso_only && (
            <PasswordInput
              label={t`Password`}
              required
              autoComplete="new-password"
              {...form.textInput('password')}
            />
          )}
        </>
      )}
      <MultiSelect
        label={t`Roles`}
        data={ROLES.map((role) => ({ value: role, label: roleLabels[role] }))}
        {...form.field('roles')}
      />
      <MultiSelect
        label={t`End worker groups`}
        data={groups}
        searchable
        {...form.field('groups')}
      />
      <MultiSelect
        label={t`Client groups`}
        data={clientGroups}
        searchable
        {...form.field('client_groups')}
      />
    </AdminFormShell>
  )
}
