import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, NumberInput, Select, Stack, Switch } from '@mantine/core'
import dayjs from 'dayjs'
import type { NamedRef } from '../../../../../contract/client-definitions'
import { type Task, TaskPatchSchema } from '../../../../../contract/client-tasks'
import { FormError } from '../../../../ui/forms/FormError'
import { MomentInput } from '../../../../ui/forms/MomentInput'
import { useForm } from '../../../../ui/forms/use-form'
import { GrowingTextarea } from '../../../../ui/GrowingTextarea'
import {
  fromPairs,
  KeyValueEditor,
  type KeyValuePair,
  toPairs,
} from '../../../../ui/KeyValueEditor'
import { notifySuccess } from '../../../../ui/notify'
import { patchTask } from '../../queries/tasks'
import { useStoreTask } from './use-task-patch'

/** The deadline as the date-time input holds it, in the browser's time zone. */
const LOCAL_INPUT_FORMAT = 'YYYY-MM-DD HH:mm:ss'

type EditValues = {
  description: string
  deadline: string
  metadata: KeyValuePair[]
  project: string | null
  download_enabled: boolean
  max_items_per_user: number | string
}

function valuesOf(task: Task): EditValues {
  return {
    description: task.description,
    deadline: task.deadline ? dayjs(task.deadline).format(LOCAL_INPUT_FORMAT) : '',
    metadata: toPairs(task.metadata),
    project: task.project ? String(task.project.id) : null,
    download_enabled: task.download_enabled,
    max_items_per_user: task.max_items_per_user ?? '',
  }
}

function toPatch(values: EditValues) {
  return {
    description: values.description,
    deadline: values.deadline ? dayjs(values.deadline).toISOString() : null,
    metadata: fromPairs(values.metadata),
    project: values.project ? Number(values.project) : null,
    download_enabled: values.download_enabled,
    max_items_per_user: values.max_items_per_user === '' ? null : Number(values.max_items_per_user),
  }
}

/** Edits the fields a client may change (PATCH); the server's refusals go under each field. */
export function TaskEditForm({ task, projects }: { task: Task; projects: NamedRef[] }) {
  const { t } = useLingui()
  const storeTask = useStoreTask()
  const form = useForm({
    initialValues: valuesOf(task),
    schema: TaskPatchSchema,
    toInput: toPatch,
    submit: (patch) => patchTask(task.id, patch),
    onSuccess: (saved) => {
      storeTask(saved)
      form.reset(valuesOf(saved))
      notifySuccess({ message: t`The task has been saved.` })
    },
  })
  const { values, errors, setValue } = form
  // The task's own project stays selectable even when its type no longer lists it.
  const projectOptions = [...projects, ...(task.project ? [task.project] : [])]
    .filter((project, index, all) => all.findIndex((other) => other.id === project.id) === index)
    .map((project) => ({ value: String(project.id), label: project.name }))

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={t`Edit the task`}>
      <Stack gap="md" maw={640}>
        <GrowingTextarea label={t`Description`} minRows={2} {...form.textInput('description')} />
        <MomentInput
          label={t`Deadline`}
          description={t`Leave empty for no deadline.`}
          clearable
          value={values.deadline}
          onChange={(moment) => setValue('deadline', moment ?? '')}
          error={errors.deadline}
        />
        <KeyValueEditor
          label={t`Metadata`}
          pairs={values.metadata}
          onChange={(pairs) => setValue('metadata', pairs)}
          error={errors.metadata}
        />
        <Select
          label={t`Project`}
          placeholder={t`No project`}
          data={projectOptions}
          clearable
          {...form.field('project')}
        />
        <NumberInput
          label={t`Maximum items per user`}
          description={t`Leave empty to follow the task type's share per user.`}
          min={1}
          allowDecimal={false}
          {...form.field('max_items_per_user')}
        />
        <Switch
          label={t`Results can be downloaded`}
          checked={values.download_enabled}
          onChange={(event) => setValue('download_enabled', event.currentTarget.checked)}
          error={errors.download_enabled}
        />
        <FormError message={form.generalError} />
        <Group>
          <Button type="submit" loading={form.pending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
