import { Trans, useLingui } from '@lingui/react/macro'
import { Fieldset, SimpleGrid, Stack, Text } from '@mantine/core'
import { GOLD_SHARE_MAX_PERCENT } from '../../../../../../contract/quality'
import { NumberField } from './fields'
import type { TaskTypeForm } from './use-task-type-form'

/** Gold (control) items, the quality gate and the speed flag. */
export function QualitySection({ form }: { form: TaskTypeForm }) {
  const { t } = useLingui()
  const gated = form.values.min_gold_accuracy !== ''
  return (
    <Fieldset legend={t`Quality control`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>
            Gold items are items whose right answer you give: in an upload (the item field _gold) or
            with "Use as gold" in a task's annotations. Workers cannot tell them from other items;
            their answers to them measure each worker's accuracy. Gold items do not count in a
            task's progress and are left out of its export unless you ask for them.
          </Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField
            state={form}
            field="gold_share"
            label={t`Gold share`}
            description={t`Percent of each item set made of gold items; 0 to 50. Default 0: no gold items are handed out.`}
            min={0}
            max={GOLD_SHARE_MAX_PERCENT}
            suffix=" %"
            allowDecimal={false}
          />
          <NumberField
            state={form}
            field="gold_text_max_cer"
            label={t`Text tolerance`}
            description={t`Percent of characters that may differ (character error rate, after trimming and collapsing spaces) for a text answer to still count as right; 0 to 100. Default 10.`}
            min={0}
            max={100}
            suffix=" %"
            decimalScale={2}
          />
          <NumberField
            state={form}
            field="gold_window"
            label={t`Accuracy window`}
            description={t`A worker's accuracy is measured over their latest this-many gold answers; 1 to 10000. Default 50.`}
            min={1}
            max={10_000}
            allowDecimal={false}
          />
          <NumberField
            state={form}
            field="min_gold_accuracy"
            label={t`Minimum gold accuracy`}
            description={t`Percent of gold answers right below which a worker gets no new item sets of this type, until a coordinator lets them back in; 0 to 100. Empty (default): off.`}
            min={0}
            max={100}
            suffix=" %"
            decimalScale={2}
          />
          <NumberField
            state={form}
            field="min_gold_answers"
            label={t`Gold answers before judging`}
            description={t`How many gold answers a worker gives before the minimum accuracy applies; 1 to 10000. Default 10.`}
            min={1}
            max={10_000}
            allowDecimal={false}
            disabled={!gated}
          />
          <NumberField
            state={form}
            field="min_seconds_per_item"
            label={t`Minimum time per item`}
            description={t`Seconds; an item done faster is flagged as too fast; 0.1 to 86400. Empty (default): off.`}
            min={0.1}
            max={86_400}
            suffix={t` s`}
            decimalScale={1}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  )
}
