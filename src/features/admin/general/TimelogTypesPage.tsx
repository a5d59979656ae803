import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Switch, TextInput } from '@mantine/core'
import { type TimelogType, TimelogTypeInputSchema } from '../../../../contract/admin'
import { AdminFormShell, useAdminForm } from '../AdminForm'
import { AdminListPage } from '../AdminListPage'
import { timelogTypesApi } from '../api'

type TimelogTypeValues = { name: string; is_bonus_break: boolean }

function TimelogTypeForm({ type, close }: { type: TimelogType | null; close: () => void }) {
  const { t } = useLingui()
  const form = useAdminForm({
    draftKey: `timelog-type:${type?.id ?? 'new'}`,
    initialValues: {
      name: type?.name ?? '',
      is_bonus_break: type?.is_bonus_break ?? false,
    } satisfies TimelogTypeValues,
    schema: TimelogTypeInputSchema,
    toInput: (values: TimelogTypeValues) => values,
    submit: (payload) =>
      type ? timelogTypesApi.replace(type.id, payload) : timelogTypesApi.create(payload),
    onSaved: close,
  })
  return (
    <AdminFormShell
      form={form}
      label={type ? t`Edit the time-log type` : t`New time-log type`}
      onCancel={close}
    >
      <TextInput label={t`Name`} required {...form.textInput('name')} />
      <Switch
        label={t`Paid bonus break`}
        description={t`Time logged under this type counts as a paid bonus break.`}
        checked={form.values.is_bonus_break}
        onChange={(event) => form.setValue('is_bonus_break', event.currentTarget.checked)}
      />
    </AdminFormShell>
  )
}

/** /admin_panel/general/timelog_types */
export function TimelogTypesPage() {
  const { t } = useLingui()
  return (
    <AdminListPage<TimelogType>
      title={<Trans>Time log types</Trans>}
      label={t`Time log types`}
      noun={{
        create: t`New time-log type`,
        edit: (row) => t`Edit ${row.name}`,
        remove: (row) => t`Delete ${row.name}`,
      }}
      orderings={[
        { value: 'name', label: t`Name A–Z` },
        { value: '-name', label: t`Name Z–A` },
      ]}
      api={timelogTypesApi}
      columns={[
        { key: 'name', header: <Trans>Name</Trans>, cell: (row) => row.name, rowHeader: true },
        {
          key: 'bonus',
          header: <Trans>Paid bonus break</Trans>,
          cell: (row) =>
            row.is_bonus_break ? (
              <Badge color="teal" variant="light">
                <Trans>Yes</Trans>
              </Badge>
            ) : (
              <Trans>No</Trans>
            ),
        },
      ]}
      emptyTitle={<Trans>No time-log types yet</Trans>}
      form={(row, close) => <TimelogTypeForm type={row} close={close} />}
      deleteWarning={<Trans>A type that time logs use cannot be deleted.</Trans>}
    />
  )
}
