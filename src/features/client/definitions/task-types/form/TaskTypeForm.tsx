import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import type { TaskTypeEntity } from '../../../../../../contract/client-definitions'
import { FormError } from '../../../../../ui/forms/FormError'
import { AccessSection } from './AccessSection'
import { GeneralSection } from './GeneralSection'
import { QualitySection } from './QualitySection'
import { ReviewSection } from './ReviewSection'
import { useTaskTypeForm } from './use-task-type-form'
import { WorkSection } from './WorkSection'

type TaskTypeFormProps = {
  /** The type being edited; without it a new one is created (as CREATED). */
  existing?: TaskTypeEntity
  onSaved: (saved: TaskTypeEntity) => void
}

/** Every setting of a task type, each with its unit and default. */
export function TaskTypeForm({ existing, onSaved }: TaskTypeFormProps) {
  const { t } = useLingui()
  const form = useTaskTypeForm(existing, onSaved)
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={existing ? t`Edit the task type` : t`New task type`}
    >
      <Stack gap="md">
        <FormError message={form.generalError} />
        {!existing && (
          <Text size="sm" c="dimmed">
            <Trans>
              A new task type starts as Created: workers see its tasks only once it is Active.
              Activate it from its page when it is ready.
            </Trans>
          </Text>
        )}
        <GeneralSection form={form} existing={existing} />
        <WorkSection form={form} />
        <ReviewSection form={form} />
        <QualitySection form={form} />
        <AccessSection form={form} existing={existing} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.pending}>
            {existing ? <Trans>Save changes</Trans> : <Trans>Create the task type</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
