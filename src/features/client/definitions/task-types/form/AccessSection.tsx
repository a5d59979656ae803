import { useLingui } from '@lingui/react/macro'
import { Fieldset, Select, SimpleGrid, Stack } from '@mantine/core'
import type { TaskTypeEntity } from '../../../../../../contract/client-definitions'
import { KeyValueEditor } from '../../../tasks/KeyValueEditor'
import { knownRefs } from './form-values'
import { IdPicker } from './IdPicker'
import type { TaskTypeForm } from './use-task-type-form'

type IdListField = 'whitelist' | 'blacklist' | 'deputy' | 'task_groups' | 'projects' | 'limiters'

/** Who may work on the type, its groups, projects and limiters, and the tasks' default metadata. */
export function AccessSection({
  form,
  existing,
}: {
  form: TaskTypeForm
  existing?: TaskTypeEntity
}) {
  const { t } = useLingui()
  const known = knownRefs(existing)
  const picker = (
    field: IdListField,
    label: string,
    description: string,
    options = known.users,
  ) => (
    <IdPicker
      label={label}
      description={description}
      value={form.values[field]}
      onChange={(ids) => form.setValue(field, ids)}
      known={options}
      error={form.errors[field]}
    />
  )
  const projectLabel = (id: number) =>
    known.projects.find((project) => project.id === id)?.label ?? `#${id}`
  const metadataErrors = Object.entries(form.errors)
    .filter(([path]) => path === 'default_metadata' || path.startsWith('default_metadata.'))
    .map(([, message]) => message)

  return (
    <>
      <Fieldset legend={t`Workers`}>
        <Stack gap="md">
          {picker(
            'whitelist',
            t`Whitelist`,
            t`When not empty, only these users may take the work.`,
          )}
          {picker(
            'blacklist',
            t`Blacklist`,
            t`These users never may. No user can be on both lists.`,
          )}
          {picker('deputy', t`Deputies`, t`Users who act for you on the type's tasks.`)}
          {picker(
            'task_groups',
            t`Task groups`,
            t`End-worker groups marked as task groups.`,
            known.taskGroups,
          )}
        </Stack>
      </Fieldset>
      <Fieldset legend={t`Projects and limits`}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {picker(
            'projects',
            t`Projects`,
            t`Projects the type's tasks can be booked on.`,
            known.projects,
          )}
          <Select
            label={t`Default project`}
            description={t`One of the projects; empty for none.`}
            data={form.values.projects.map((id) => ({
              value: String(id),
              label: projectLabel(id),
            }))}
            value={
              form.values.default_project === null ? null : String(form.values.default_project)
            }
            onChange={(id) => form.setValue('default_project', id === null ? null : Number(id))}
            clearable
            error={form.errors.default_project}
          />
          {picker('limiters', t`Limiters`, t`Limits applied to the type's work.`, known.limiters)}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t`Default metadata`}>
        <KeyValueEditor
          label={t`Default metadata`}
          pairs={form.values.default_metadata}
          onChange={(pairs) => form.setValue('default_metadata', pairs)}
          error={metadataErrors.length > 0 ? metadataErrors.join(' ') : undefined}
        />
      </Fieldset>
    </>
  )
}
