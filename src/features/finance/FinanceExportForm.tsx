import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import {
  type FinanceExport,
  type FinanceExportInput,
  FinanceExportInputSchema,
} from '../../../contract/finance'
import { DayInput } from '../../ui/forms/DayInput'
import { FormError } from '../../ui/forms/FormError'
import { useForm } from '../../ui/forms/use-form'
import { BELOW_INPUT } from './input-order'
import { financeOptionsQuery } from './queries'
import { UsersPicker } from './UserPickers'

type ExportFormValues = {
  date_from: string
  date_to: string
  time_zone: string | null
  groups: string[]
  users: string[]
  projects: string[]
}

const DAY = 'YYYY-MM-DD'

/** Last month, in the browser's time zone. */
function initialValues(): ExportFormValues {
  const lastMonth = dayjs().subtract(1, 'month')
  return {
    date_from: lastMonth.startOf('month').format(DAY),
    date_to: lastMonth.endOf('month').format(DAY),
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    groups: [],
    users: [],
    projects: [],
  }
}

// Browsers leave UTC out of their list of zones, though it is one (and a common choice).
const TIME_ZONES = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])]

/** The period and the selection of a new finance export. */
export function FinanceExportForm({
  submit,
  onStarted,
}: {
  submit: (input: FinanceExportInput) => Promise<FinanceExport>
  onStarted: (started: FinanceExport) => void
}) {
  const { t } = useLingui()
  const options = useQuery(financeOptionsQuery())
  const form = useForm({
    initialValues: initialValues(),
    draft: 'finance.export',
    schema: FinanceExportInputSchema,
    toInput: (values: ExportFormValues) => ({
      ...values,
      time_zone: values.time_zone ?? '',
      groups: values.groups.map(Number),
      users: values.users.map(Number),
      projects: values.projects.map(Number),
    }),
    submit,
    onSuccess: onStarted,
  })
  const choices = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.name }))

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={t`New finance export`}>
      <Stack gap="sm">
        <FormError message={form.generalError} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DayInput label={t`From`} clearable={false} {...form.field('date_from')} />
          <DayInput label={t`To`} clearable={false} {...form.field('date_to')} />
          <Select
            label={t`Time zone`}
            inputWrapperOrder={BELOW_INPUT}
            description={t`Days start at midnight here.`}
            data={TIME_ZONES}
            searchable
            {...form.field('time_zone')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MultiSelect
            label={t`Groups`}
            placeholder={form.values.groups.length === 0 ? t`All groups` : undefined}
            data={choices(options.data?.groups)}
            searchable
            clearable
            {...form.field('groups')}
          />
          <UsersPicker label={t`Users`} {...form.field('users')} />
          <MultiSelect
            label={t`Projects`}
            inputWrapperOrder={BELOW_INPUT}
            description={t`Work on tasks of these projects only.`}
            placeholder={form.values.projects.length === 0 ? t`All projects` : undefined}
            data={choices(options.data?.projects)}
            searchable
            clearable
            {...form.field('projects')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.pending}>
            <Trans>Start the export</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
