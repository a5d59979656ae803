import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type ExplorerAnnotation, GoldRequestSchema } from '../../../../../contract/client-tasks'
import { FormError } from '../../../../ui/forms/FormError'
import { useForm } from '../../../../ui/forms/use-form'
import { notifySuccess } from '../../../../ui/notify'
import { clientTaskKeys, removeGoldAnswer, setGoldAnswer } from '../../queries/tasks'
import { DataTable } from './AnnotationDetails'

/** Values an expected answer can take from a form: text; media values are not answers. */
const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : null

/**
 * The expected answer the form starts from: the gold answer when the item has one (this
 * annotation's other fields offered empty, not scored), else this annotation's answer.
 */
function startingAnswer(annotation: ExplorerAnnotation): Record<string, string> {
  const gold = annotation.item_gold
  const answer: Record<string, string> = {}
  for (const [field, value] of Object.entries(annotation.data)) {
    if (asText(value) !== null) answer[field] = gold ? '' : String(value)
  }
  for (const [field, value] of Object.entries(gold ?? {})) {
    const text = asText(value)
    if (text !== null) answer[field] = text
  }
  return answer
}

/**
 * The item's gold state in the annotations explorer: the Gold badge with the expected answer,
 * "Use as gold" taking this annotation's answer into an editable form, and "Stop using as gold".
 */
export function GoldAnswer({
  taskId,
  annotation,
}: {
  taskId: number
  annotation: ExplorerAnnotation
}) {
  const { t } = useLingui()
  const [editing, setEditing] = useState(false)
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientTaskKeys.task(taskId) })
  const itemId = annotation.item_id
  const stop = useMutation({
    mutationFn: () => removeGoldAnswer(taskId, itemId),
    onSuccess: () => {
      notifySuccess({ message: t`Item #${itemId} is an ordinary item again.` })
      return refresh()
    },
  })
  const gold = annotation.item_gold

  if (editing) {
    return (
      <GoldForm
        taskId={taskId}
        annotation={annotation}
        onDone={async (saved) => {
          if (saved) await refresh()
          setEditing(false)
        }}
      />
    )
  }
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        {gold ? (
          <>
            <Group gap="xs">
              <Badge color="yellow" variant="filled">
                <Trans>Gold</Trans>
              </Badge>
              <Text size="sm">
                <Trans>
                  Workers' answers to this item are scored against the expected answer. It does not
                  count in the task's progress or its export.
                </Trans>
              </Text>
            </Group>
            <DataTable label={t`Expected answer`} data={gold} />
            <Group>
              <Button variant="default" size="xs" onClick={() => setEditing(true)}>
                <Trans>Edit the expected answer</Trans>
              </Button>
              <Button
                variant="default"
                color="red"
                size="xs"
                loading={stop.isPending}
                onClick={() => stop.mutate()}
              >
                <Trans>Stop using as gold</Trans>
              </Button>
            </Group>
          </>
        ) : (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              <Trans>
                A gold item has a known right answer: workers meet it among their items and their
                answers measure their accuracy.
              </Trans>
            </Text>
            <Button variant="light" size="xs" onClick={() => setEditing(true)}>
              <Trans>Use as gold</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

type GoldValues = { expected: Record<string, string> }

function GoldForm({
  taskId,
  annotation,
  onDone,
}: {
  taskId: number
  annotation: ExplorerAnnotation
  onDone: (saved: boolean) => void
}) {
  const { t } = useLingui()
  const itemId = annotation.item_id
  const form = useForm({
    initialValues: { expected: startingAnswer(annotation) } as GoldValues,
    schema: GoldRequestSchema,
    // An emptied field is left out: it is not scored.
    toInput: (values: GoldValues) => ({
      expected: Object.fromEntries(
        Object.entries(values.expected).filter(([, value]) => value.trim() !== ''),
      ),
    }),
    nestedFields: ['expected'],
    submit: ({ expected }) => setGoldAnswer(taskId, itemId, expected),
    onSuccess: () => {
      notifySuccess({ message: t`Item #${itemId} is a gold item.` })
      onDone(true)
    },
  })
  const fields = Object.keys(form.values.expected)
  return (
    <Paper withBorder p="sm">
      <form onSubmit={form.onSubmit} noValidate aria-label={t`Expected answer of item #${itemId}`}>
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              The expected answer starts from this annotation. Correct it where it is wrong; leave a
              field empty to not score it. Checkbox fields take true or false.
            </Trans>
          </Text>
          <FormError message={form.generalError ?? form.errors.expected ?? null} />
          {fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>This annotation has no answer that can be an expected answer.</Trans>
            </Text>
          ) : (
            fields.map((field) => (
              <TextInput
                key={field}
                label={field}
                value={form.values.expected[field]}
                onChange={(event) =>
                  form.setValue('expected', {
                    ...form.values.expected,
                    [field]: event.currentTarget.value,
                  })
                }
                error={form.errors[`expected.${field}`]}
              />
            ))
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onDone(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={form.pending} disabled={fields.length === 0}>
              <Trans>Save the expected answer</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
