import { useLingui } from '@lingui/react/macro'
import { Fieldset, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { TaskTypeEntity } from '../../../../../../contract/client-definitions'
import { KeyValueEditor } from '../../../../../ui/KeyValueEditor'
import type { ChoiceKind } from '../../../queries/definitions'
import { ChoicePicker } from './ChoicePicker'
import { type ChoiceNames, choiceNames } from './form-values'
import type { TaskTypeForm } from './use-task-type-form'

type ChoiceField = 'whitelist' | 'blacklist' | 'deputy' | 'task_groups' | 'projects' | 'limiters'

/** Who may work on the type, its groups, projects and limiters, and the tasks' default metadata. */
export function AccessSection({
  form,
  existing,
}: {
  form: TaskTypeForm
  existing?: TaskTypeEntity
}) {
  const { t } = useLingui()
  // Names of everything chosen so far, so pills and the default project show names, not ids.
  const [names, setNames] = useState<ChoiceNames>(() => choiceNames(existing))
  const remember = (kind: ChoiceKind) => (picked: { id: number; name: string }[]) => {
    if (picked.length === 0) return
    setNames((known) => ({
      ...known,
      [kind]: new Map([...known[kind], ...picked.map((ref) => [ref.id, ref.name] as const)]),
    }))
  }
  const picker = (
    field: ChoiceField,
    kind: ChoiceKind,
    label: string,
    description: string,
    emptyMessage: string,
  ) => (
    <ChoicePicker
      kind={kind}
      label={label}
      description={description}
      emptyMessage={emptyMessage}
      value={form.values[field]}
      onChange={(ids) => form.setValue(field, ids)}
      names={names[kind]}
      onPicked={remember(kind)}
      error={form.errors[field]}
    />
  )
  const noUsers = t`No users within your reach yet.`
  const metadataErrors = Object.entries(form.errors)
    .filter(([path]) => path === 'default_metadata' || path.startsWith('default_metadata.'))
    .map(([, message]) => message)

  return (
    <>
      <Fieldset legend={t`Workers`}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t`You can find the people of your client groups, the members of the task groups your task types use, and the workers who took work from your tasks. Members of a newly added task group can be found once the type is saved.`}
          </Text>
          {picker(
            'whitelist',
            'users',
            t`Whitelist`,
            t`When not empty, only these users may take the work.`,
            noUsers,
          )}
          {picker(
            'blacklist',
            'users',
            t`Blacklist`,
            t`These users never may. No user can be on both lists.`,
            noUsers,
          )}
          {picker(
            'deputy',
            'users',
            t`Deputies`,
            t`Users who act for you on the type's tasks.`,
            noUsers,
          )}
          {picker(
            'task_groups',
            'task-groups',
            t`Task groups`,
            t`End-worker groups whose members get the type's work.`,
            t`There are no task groups yet.`,
          )}
        </Stack>
      </Fieldset>
      <Fieldset legend={t`Projects and limits`}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {picker(
            'projects',
            'projects',
            t`Projects`,
            t`Projects the type's tasks can be booked on.`,
            t`There are no projects yet.`,
          )}
          <Select
            label={t`Default project`}
            description={t`One of the projects; empty for none.`}
            data={form.values.projects.map((id) => ({
              value: String(id),
              label: names.projects.get(id) ?? `#${id}`,
            }))}
            value={
              form.values.default_project === null ? null : String(form.values.default_project)
            }
            onChange={(id) => form.setValue('default_project', id === null ? null : Number(id))}
            clearable
            nothingFoundMessage={t`Choose projects first.`}
            error={form.errors.default_project}
          />
          {picker(
            'limiters',
            'limiters',
            t`Limiters`,
            t`Limits applied to the type's work.`,
            t`There are no limiters yet.`,
          )}
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
