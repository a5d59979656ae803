import { Trans, useLingui } from '@lingui/react/macro'
import { MultiSelect, SimpleGrid, TextInput } from '@mantine/core'
import { type AdminClientGroup, ClientGroupInputSchema } from '../../../../contract/admin'
import { AdminFormShell, useAdminForm } from '../AdminForm'
import { AdminListPage } from '../AdminListPage'
import { clientGroupsApi } from '../api'
import { idNumbers, idTexts, useAccountChoices } from '../choices'

type ClientGroupValues = { name: string; full_name: string; members: string[] }

function ClientGroupForm({ group, close }: { group: AdminClientGroup | null; close: () => void }) {
  const { t } = useLingui()
  const accounts = useAccountChoices()
  const form = useAdminForm({
    draftKey: `client-group:${group?.id ?? 'new'}`,
    initialValues: {
      name: group?.name ?? '',
      full_name: group?.full_name ?? '',
      members: idTexts(group?.members ?? []),
    } satisfies ClientGroupValues,
    schema: ClientGroupInputSchema,
    toInput: (values: ClientGroupValues) => ({ ...values, members: idNumbers(values.members) }),
    submit: (payload) =>
      group ? clientGroupsApi.replace(group.id, payload) : clientGroupsApi.create(payload),
    onSaved: close,
  })
  return (
    <AdminFormShell
      form={form}
      label={group ? t`Edit the client group` : t`New client group`}
      onCancel={close}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t`Name`} required {...form.textInput('name')} />
        <TextInput label={t`Full name`} {...form.textInput('full_name')} />
      </SimpleGrid>
      <MultiSelect
        label={t`Members`}
        description={t`They see the group's definitions and tasks in the client area.`}
        data={accounts}
        searchable
        {...form.field('members')}
      />
    </AdminFormShell>
  )
}

/** /admin_panel/groups/client_groups */
export function ClientGroupsPage() {
  const { t } = useLingui()
  return (
    <AdminListPage<AdminClientGroup>
      title={<Trans>Client groups</Trans>}
      label={t`Client groups`}
      noun={{
        create: t`New client group`,
        edit: (row) => t`Edit ${row.name}`,
        remove: (row) => t`Delete ${row.name}`,
      }}
      orderings={[
        { value: 'name', label: t`Name A–Z` },
        { value: '-name', label: t`Name Z–A` },
        { value: 'full_name', label: t`Full name A–Z` },
      ]}
      api={clientGroupsApi}
      phoneColumns={['name', 'members']}
      columns={[
        { key: 'name', header: <Trans>Name</Trans>, cell: (row) => row.name, rowHeader: true },
        { key: 'full_name', header: <Trans>Full name</Trans>, cell: (row) => row.full_name },
        {
          key: 'members',
          header: <Trans>Members</Trans>,
          cell: (row) => row.members.length,
          numeric: true,
        },
      ]}
      emptyTitle={<Trans>No client groups yet</Trans>}
      form={(row, close) => <ClientGroupForm group={row} close={close} />}
      deleteWarning={
        <Trans>A client group that owns task types, schemas or protocols cannot be deleted.</Trans>
      }
    />
  )
}
