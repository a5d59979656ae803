import { useLingui } from '@lingui/react/macro'
import { Fieldset, SimpleGrid, Stack } from '@mantine/core'
import { NumberField, SwitchField } from './fields'
import type { TaskTypeForm } from './use-task-type-form'

/** How work is cut up and handed out: item sets, annotations per item, shares and lock times. */
export function WorkSection({ form }: { form: TaskTypeForm }) {
  const { t } = useLingui()
  return (
    <Fieldset legend={t`Item sets and work`}>
      <Stack gap="md">
        <SwitchField
          state={form}
          field="is_fixed_sets"
          label={t`Fixed item sets`}
          description={t`Sets are made once at upload. Off (default): sets are filled when handed out.`}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField
            state={form}
            field="items_per_set"
            label={t`Items per set`}
            description={t`Items; 1 to 1000. Default 10.`}
            min={1}
            max={1000}
            allowDecimal={false}
          />
          <NumberField
            state={form}
            field="annotations_per_item"
            label={t`Annotations per item`}
            description={t`Annotations, each from a different worker; 1 to 100. Default 1.`}
            min={1}
            max={100}
            allowDecimal={false}
          />
          <NumberField
            state={form}
            field="max_items_per_user_percent"
            label={t`Share cap per worker`}
            description={t`Percent of a task's items one worker may do; 1 to 100. Default 100.`}
            min={1}
            max={100}
            suffix=" %"
            allowDecimal={false}
          />
          <NumberField
            state={form}
            field="custom_itemset_lock_time"
            label={t`Item set lock time`}
            description={t`Minutes a set stays locked to its worker; 1 to 10080. Empty: the instance default.`}
            min={1}
            max={10_080}
            suffix={t` min`}
            allowDecimal={false}
          />
          <NumberField
            state={form}
            field="custom_timelogs_merge_threshold"
            label={t`Time log merge threshold`}
            description={t`Seconds; shorter gaps between activity intervals merge into one; 0 to 86400. Empty: the instance default.`}
            min={0}
            max={86_400}
            suffix={t` s`}
            allowDecimal={false}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  )
}
