import { useLingui } from '@lingui/react/macro'
import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import {
  TASK_TYPE_STATUS_TRANSITIONS,
  type TaskTypeEntity,
  type TaskTypeStatus,
  type VersionRef,
} from '../../../../../../contract/client-definitions'
import { type VersionedKind, versionRefsQuery } from '../../../queries/definitions'
import { ClientGroupSelect } from '../../shared/ClientGroupSelect'
import { useStatusLabels } from '../status'
import type { TaskTypeForm } from './use-task-type-form'

/** Name, client group, status, and the schema and protocol the type's tasks use. */
export function GeneralSection({
  form,
  existing,
}: {
  form: TaskTypeForm
  existing?: TaskTypeEntity
}) {
  const { t } = useLingui()
  const statusLabels = useStatusLabels()
  const status = existing?.status
  return (
    <Fieldset legend={t`General`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t`Name`}
          required
          value={form.values.name}
          onChange={(event) => form.setValue('name', event.currentTarget.value)}
          error={form.errors.name}
        />
        {!existing && (
          <ClientGroupSelect
            value={form.clientGroup}
            onChange={(id) => {
              form.setValue('client_group', id)
              // Schemas and protocols belong to a client group: another group needs its own.
              form.setValue('schema', null)
              form.setValue('protocol', null)
            }}
            error={form.errors.client_group}
          />
        )}
        {status && (
          <Select
            label={t`Status`}
            description={t`CREATED → DRAFT (try it out) → ACTIVE (work is handed out); ACTIVE can go back to DRAFT.`}
            data={[status, ...TASK_TYPE_STATUS_TRANSITIONS[status]].map((value) => ({
              value,
              label: statusLabels[value],
            }))}
            value={form.values.status}
            onChange={(value) => value && form.setValue('status', value as TaskTypeStatus)}
            allowDeselect={false}
            error={form.errors.status}
          />
        )}
        <VersionSelect
          kind="task-schemas"
          label={t`Task schema`}
          form={form}
          field="schema"
          current={existing?.schema}
        />
        <VersionSelect
          kind="task-protocols"
          label={t`Task protocol`}
          form={form}
          field="protocol"
          current={existing?.protocol}
        />
      </SimpleGrid>
    </Fieldset>
  )
}

/** The newest versions of the client group's schemas (or protocols). */
function VersionSelect({
  kind,
  label,
  form,
  field,
  current,
}: {
  kind: VersionedKind
  label: string
  form: TaskTypeForm
  field: 'schema' | 'protocol'
  current?: VersionRef
}) {
  const { t } = useLingui()
  const refs = useQuery(versionRefsQuery(kind, form.clientGroup))
  const options = [...(refs.data ?? [])]
  if (current && !options.some((ref) => ref.id === current.id)) options.unshift(current)
  const value = form.values[field]
  return (
    <Select
      label={label}
      description={t`The newest versions of the client group's definitions.`}
      required
      searchable
      placeholder={form.clientGroup === null ? t`Choose a client group first` : undefined}
      disabled={form.clientGroup === null}
      data={options.map((ref) => ({
        value: String(ref.id),
        label: t`${ref.name} (version ${ref.version})`,
      }))}
      value={value === null ? null : String(value)}
      onChange={(id) => form.setValue(field, id === null ? null : Number(id))}
      nothingFoundMessage={refs.isPending ? t`Loading…` : t`Nothing found`}
      error={form.errors[field]}
    />
  )
}
