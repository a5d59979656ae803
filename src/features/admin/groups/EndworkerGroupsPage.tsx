import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, MultiSelect, Select, Switch, TextInput } from '@mantine/core'
import { type EndworkerGroup, EndworkerGroupInputSchema } from '../../../../contract/admin'
import { AdminFormShell, useAdminForm } from '../AdminForm'
import { AdminListPage } from '../AdminListPage'
import { endworkerGroupsApi } from '../api'
import {
  idNumbers,
  idTexts,
  useAccountChoices,
  useEndworkerGroupChoices,
  useReviewGroupChoices,
} from '../choices'

type EndworkerGroupValues = {
  name: string
  task_group: boolean
  review_group: boolean
  coordination_group: boolean
  members: string[]
  coordinators: string[]
  managed_groups: string[]
  /** The reviewing group's id as the picker holds it; null for none. */
  reviewed_by_group: string | null
}

const FLAGS = ['task_group', 'review_group', 'coordination_group'] as const

function EndworkerGroupForm({ group, close }: { group: EndworkerGroup | null; close: () => void }) {
  const { t } = useLingui()
  const accounts = useAccountChoices()
  const notItself = (choice: { value: string }) => choice.value !== String(group?.id)
  const groups = useEndworkerGroupChoices().filter(notItself)
  const reviewGroups = useReviewGroupChoices(group?.reviewed_by_group ?? null).filter(notItself)
  const form = useAdminForm({
    draftKey: `endworker-group:${group?.id ?? 'new'}`,
    initialValues: {
      name: group?.name ?? '',
      task_group: group?.task_group ?? true,
      review_group: group?.review_group ?? false,
      coordination_group: group?.coordination_group ?? false,
      members: idTexts(group?.members ?? []),
      coordinators: idTexts(group?.coordinators ?? []),
      managed_groups: idTexts(group?.managed_groups ?? []),
      reviewed_by_group: group?.reviewed_by_group == null ? null : String(group.reviewed_by_group),
    } satisfies EndworkerGroupValues,
    schema: EndworkerGroupInputSchema,
    toInput: (values: EndworkerGroupValues) => ({
      ...values,
      members: idNumbers(values.members),
      // Only a coordination group has coordinators and managed groups.
      coordinators: values.coordination_group ? idNumbers(values.coordinators) : [],
      managed_groups: values.coordination_group ? idNumbers(values.managed_groups) : [],
      reviewed_by_group:
        values.reviewed_by_group === null ? null : Number(values.reviewed_by_group),
    }),
    submit: (payload) =>
      group ? endworkerGroupsApi.replace(group.id, payload) : endworkerGroupsApi.create(payload),
    onSaved: close,
  })
  const flagLabels = {
    task_group: t`Task group: task types hand work to its members`,
    review_group: t`Review group: its members review`,
    coordination_group: t`Coordination group: coordinators manage it`,
  }
  return (
    <AdminFormShell
      form={form}
      label={group ? t`Edit the end worker group` : t`New end worker group`}
      onCancel={close}
    >
      <TextInput label={t`Name`} required {...form.textInput('name')} />
      {FLAGS.map((flag) => (
        <Switch
          key={flag}
          label={flagLabels[flag]}
          checked={form.values[flag]}
          onChange={(event) => form.setValue(flag, event.currentTarget.checked)}
        />
      ))}
      <MultiSelect label={t`Members`} data={accounts} searchable {...form.field('members')} />
      <Select
        label={t`Reviewed by`}
        description={t`The review group whose members review the work of this group’s members.`}
        placeholder={t`No review group`}
        nothingFoundMessage={t`No review groups`}
        data={reviewGroups}
        searchable
        clearable
        // Mantine hides its clear button from assistive technology; this one is named instead.
        clearButtonProps={{ 'aria-hidden': false, 'aria-label': t`Clear the review group` }}
        {...form.field('reviewed_by_group')}
      />
      {form.values.coordination_group && (
        <>
          <MultiSelect
            label={t`Coordinators`}
            data={accounts}
            searchable
            {...form.field('coordinators')}
          />
          <MultiSelect
            label={t`Managed groups`}
            description={t`Groups its coordinators manage besides this one.`}
            data={groups}
            searchable
            {...form.field('managed_groups')}
          />
        </>
      )}
    </AdminFormShell>
  )
}

/** /admin_panel/groups/endworker_groups */
export function EndworkerGroupsPage() {
  const { t } = useLingui()
  const groupNames = new Map(
    useEndworkerGroupChoices().map((choice) => [Number(choice.value), choice.label]),
  )
  const purposes = {
    task_group: t`Tasks`,
    review_group: t`Review`,
    coordination_group: t`Coordination`,
  }
  return (
    <AdminListPage<EndworkerGroup>
      title={<Trans>End worker groups</Trans>}
      label={t`End worker groups`}
      noun={{
        create: t`New end worker group`,
        edit: (row) => t`Edit ${row.name}`,
        remove: (row) => t`Delete ${row.name}`,
      }}
      orderings={[
        { value: 'name', label: t`Name A–Z` },
        { value: '-name', label: t`Name Z–A` },
        { value: '-id', label: t`Newest first` },
      ]}
      api={endworkerGroupsApi}
      phoneColumns={['name', 'members']}
      columns={[
        { key: 'name', header: <Trans>Name</Trans>, cell: (row) => row.name, rowHeader: true },
        {
          key: 'purposes',
          header: <Trans>Purposes</Trans>,
          cell: (row) => (
            <Group gap={4}>
              {FLAGS.filter((flag) => row[flag]).map((flag) => (
                <Badge key={flag} variant="light">
                  {purposes[flag]}
                </Badge>
              ))}
            </Group>
          ),
        },
        {
          key: 'reviewed_by_group',
          header: <Trans>Reviewed by</Trans>,
          cell: (row) =>
            row.reviewed_by_group === null ? '—' : groupNames.get(row.reviewed_by_group),
        },
        {
          key: 'members',
          header: <Trans>Members</Trans>,
          cell: (row) => row.members.length,
          numeric: true,
        },
        {
          key: 'coordinators',
          header: <Trans>Coordinators</Trans>,
          cell: (row) => row.coordinators.length,
          numeric: true,
        },
      ]}
      emptyTitle={<Trans>No end worker groups yet</Trans>}
      form={(row, close) => <EndworkerGroupForm group={row} close={close} />}
      deleteWarning={
        <Trans>A group that task types or registration keys use cannot be deleted.</Trans>
      }
    />
  )
}
