import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Select, SimpleGrid, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { ManualIntervalInputSchema } from '../../../contract/timelogs'
import { FormError } from '../../ui/forms/FormError'
import { MomentInput } from '../../ui/forms/MomentInput'
import { SubmitButton } from '../../ui/forms/SubmitButton'
import { useForm } from '../../ui/forms/use-form'
import { GrowingTextarea } from '../../ui/GrowingTextarea'
import { notifySuccess } from '../../ui/notify'
import { intervalOptionsQuery, logTime } from './queries'

/** The form's values: ids as Select values, times as the pickers' local 'YYYY-MM-DD HH:mm:ss'. */
type Draft = {
  timelog_type: string | null
  start: string | null
  end: string | null
  item_set: string | null
  task: string | null
  protocol: string | null
  comment: string
}

const EMPTY: Draft = {
  timelog_type: null,
  start: null,
  end: null,
  item_set: null,
  task: null,
  protocol: null,
  comment: '',
}

const optionalId = (value: string | null) => (value === null ? null : Number(value))
const instant = (value: string | null) => (value === null ? '' : dayjs(value).toISOString())

/** Logging time by hand: it waits for a coordinator's approval (PENDING). */
export function LogTimeForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui()
  const options = useQuery(intervalOptionsQuery())
  const form = useForm({
    initialValues: EMPTY,
    // Kept on the device from the first keystroke, so a reload or a crash keeps it.
    draft: 'timelogs.log-time',
    schema: ManualIntervalInputSchema,
    toInput: (values: Draft) => ({
      timelog_type: optionalId(values.timelog_type),
      start: instant(values.start),
      end: instant(values.end),
      item_set: optionalId(values.item_set),
      task: optionalId(values.task),
      protocol: optionalId(values.protocol),
      comment: values.comment,
    }),
    submit: logTime,
    onSuccess: () => {
      form.reset(EMPTY)
      notifySuccess({ message: t`Time logged: it waits for a coordinator's approval.` })
      onDone()
    },
  })

  const pick = (items: { id: number; name: string }[] = []) =>
    items.map((item) => ({ value: String(item.id), label: item.name }))
  const loading = options.isPending ? t`Loading…` : undefined

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack>
        <Select
          label={t`Kind of time`}
          required
          placeholder={loading}
          data={pick(options.data?.timelog_types)}
          searchable
          {...form.field('timelog_type')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MomentInput label={t`From`} required {...form.field('start')} />
          <MomentInput label={t`To`} required {...form.field('end')} />
        </SimpleGrid>
        <Select
          label={t`Task`}
          placeholder={loading ?? t`None`}
          clearable
          searchable
          data={pick(options.data?.tasks)}
          {...form.field('task')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t`Item set`}
            placeholder={loading ?? t`None`}
            clearable
            searchable
            data={pick(options.data?.item_sets)}
            {...form.field('item_set')}
          />
          <Select
            label={t`Protocol`}
            placeholder={loading ?? t`None`}
            clearable
            searchable
            data={pick(options.data?.protocols)}
            {...form.field('protocol')}
          />
        </SimpleGrid>
        <GrowingTextarea
          label={t`Comment`}
          description={t`What you did, for the coordinator who approves it`}
          minRows={2}
          {...form.textInput('comment')}
        />
        <FormError message={form.generalError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset(EMPTY)}>
            <Trans>Clear</Trans>
          </Button>
          <SubmitButton pending={form.pending}>
            <Trans>Log time</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}
