import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core'
import {
  RATIO_PERCENT_MAX,
  type RatioInterval,
  type RatioIntervalInput,
  RatioIntervalInputSchema,
} from '../../../contract/finance'
import { DayInput } from '../../ui/forms/DayInput'
import { FormError } from '../../ui/forms/FormError'
import { useForm } from '../../ui/forms/use-form'
import { BELOW_INPUT } from './input-order'
import { UserPicker } from './UserPickers'

type RatioFormValues = {
  user: string | null
  ratio: number | string
  valid_from: string
  valid_to: string
  correct_exported: boolean
}

const valuesOf = (interval: RatioInterval | null): RatioFormValues => ({
  user: interval ? String(interval.user.id) : null,
  ratio: interval?.ratio ?? 100,
  valid_from: interval?.valid_from ?? '',
  valid_to: interval?.valid_to ?? '',
  correct_exported: false,
})

type RatioIntervalFormProps = {
  /** The interval to change, or null for a new one. */
  editing: RatioInterval | null
  submit: (input: RatioIntervalInput) => Promise<RatioInterval>
  onSaved: (interval: RatioInterval) => void
  onCancel?: () => void
}

/** Adds a ratio interval, or changes one; a new one closes the user's open interval. */
export function RatioIntervalForm({ editing, submit, onSaved, onCancel }: RatioIntervalFormProps) {
  const { t } = useLingui()
  const form = useForm({
    initialValues: valuesOf(editing),
    draft: editing ? undefined : 'finance.ratio-interval',
    schema: RatioIntervalInputSchema,
    toInput: (values: RatioFormValues) => ({
      ...values,
      user: values.user === null ? Number.NaN : Number(values.user),
      ratio: values.ratio === '' ? Number.NaN : Number(values.ratio),
      valid_to: values.valid_to === '' ? null : values.valid_to,
    }),
    submit,
    onSuccess: (saved) => {
      if (!editing) form.reset(valuesOf(null))
      onSaved(saved)
    },
  })

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={editing ? t`Change the ratio interval` : t`New ratio interval`}
    >
      <Stack gap="sm">
        <FormError message={form.generalError} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {editing ? (
            <TextInput label={t`User`} value={editing.user.username} readOnly />
          ) : (
            <UserPicker label={t`User`} {...form.field('user')} />
          )}
          <NumberInput
            label={t`Ratio (%)`}
            inputWrapperOrder={BELOW_INPUT}
            description={t`100 pays paid time as it is.`}
            min={0}
            max={RATIO_PERCENT_MAX}
            allowDecimal={false}
            {...form.field('ratio')}
          />
          <DayInput label={t`Valid from`} clearable={false} {...form.field('valid_from')} />
          <DayInput
            label={t`Valid to`}
            inputWrapperOrder={BELOW_INPUT}
            description={t`The last day; empty for no end.`}
            {...form.field('valid_to')}
          />
        </SimpleGrid>
        <Checkbox
          label={t`This change corrects an exported period`}
          description={t`Needed when an export already paid some of these days; run a new export afterwards.`}
          checked={form.values.correct_exported}
          onChange={(event) => form.setValue('correct_exported', event.currentTarget.checked)}
          error={form.errors.correct_exported}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          )}
          <Button type="submit" loading={form.pending}>
            {editing ? <Trans>Save</Trans> : <Trans>Add the interval</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
