import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Task } from '../../../../../contract/client-tasks'
import { FormError } from '../../../../ui/forms/FormError'
import { generalMessage } from '../../../../ui/forms/form-errors'
import { KeyValueEditor, type KeyValuePair } from '../../../../ui/KeyValueEditor'
import { RouterAnchor } from '../../../../ui/links'
import { notifySuccess } from '../../../../ui/notify'
import { LoadFailed, Loading } from '../../../../ui/QueryStates'
import { taskQuery } from '../../queries/tasks'
import { useTaskPatch } from '../panel/use-task-patch'

/** Non-text values are shown as JSON so they come back with their type. */
function parameterPairs(parameters: Record<string, unknown>): KeyValuePair[] {
  return Object.entries(parameters).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }))
}

/**
 * A value that reads as JSON other than text (a number, true or false, a list, an object, null)
 * is saved as such; anything else is saved as text.
 */
function parseValue(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'string' ? text : parsed
  } catch {
    return text
  }
}

function toParameters(pairs: KeyValuePair[]): Record<string, unknown> {
  return Object.fromEntries(
    pairs
      .filter(({ key }) => key.trim() !== '')
      .map(({ key, value }) => [key.trim(), parseValue(value)]),
  )
}

/** The task's local parameters: settings of this task alone, as key and value pairs. */
export function LocalSettingsPage({ taskId }: { taskId: number }) {
  const { t } = useLingui()
  const task = useQuery(taskQuery(taskId))
  if (task.isPending) return <Loading label={t`Loading the task…`} />
  if (task.isError) {
    return <LoadFailed error={task.error} title={<Trans>The task could not be loaded.</Trans>} />
  }
  return <LocalSettingsForm task={task.data} />
}

function LocalSettingsForm({ task }: { task: Task }) {
  const { t, i18n } = useLingui()
  const patch = useTaskPatch(task.id)
  const [pairs, setPairs] = useState(() => parameterPairs(task.local_parameters))
  const taskId = String(task.id)

  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>Local settings of task #{taskId}</Trans>
        </Title>
        <RouterAnchor to="/client/tasks/$taskId/panel" params={{ taskId }}>
          <Trans>Back to the task panel</Trans>
        </RouterAnchor>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          Parameters that apply to this task alone. Values that read as JSON (numbers, true or
          false, lists) are saved as such; anything else is saved as text.
        </Trans>
      </Text>
      <form
        aria-label={t`Local settings`}
        onSubmit={(event) => {
          event.preventDefault()
          patch.mutate(
            { local_parameters: toParameters(pairs) },
            {
              onSuccess: (saved) => {
                setPairs(parameterPairs(saved.local_parameters))
                notifySuccess({ message: t`The local settings have been saved.` })
              },
            },
          )
        }}
      >
        <Stack gap="md">
          <KeyValueEditor label={t`Parameters`} pairs={pairs} onChange={setPairs} />
          <FormError message={patch.error ? generalMessage(patch.error, i18n) : null} />
          <Group>
            <Button type="submit" loading={patch.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}
