import { useLingui } from '@lingui/react/macro'
import { Fieldset, SimpleGrid, Stack } from '@mantine/core'
import { NumberField, SwitchField } from './fields'
import type { TaskTypeForm } from './use-task-type-form'

/** Review of the done work, and what happens to results and finished tasks. */
export function ReviewSection({ form }: { form: TaskTypeForm }) {
  const { t } = useLingui()
  const reviewing = form.values.review_enabled
  return (
    <>
      <Fieldset legend={t`Review`}>
        <Stack gap="md">
          <SwitchField
            state={form}
            field="review_enabled"
            label={t`Review enabled`}
            description={t`Default off.`}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberField
              state={form}
              field="review_probability"
              label={t`Review probability`}
              description={t`The chance a done annotation is reviewed, 0 to 1 (0.25 is one in four). Default 0.`}
              min={0}
              max={1}
              step={0.05}
              decimalScale={3}
              disabled={!reviewing}
            />
            <NumberField
              state={form}
              field="review_newcomers_bound"
              label={t`Newcomers bound`}
              description={t`A worker's first this-many annotations are always reviewed; 0 to 100000. Default 0.`}
              min={0}
              max={100_000}
              allowDecimal={false}
              disabled={!reviewing}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Fieldset legend={t`Results and archival`}>
        <Stack gap="md">
          <SwitchField
            state={form}
            field="download_enabled"
            label={t`Download enabled`}
            description={t`Whether you can download the results of its tasks. Default off.`}
          />
          <SwitchField
            state={form}
            field="encrypt_audio"
            label={t`Protect audio`}
            description={t`New tasks store their audio only encrypted: it plays in the app, for those who may hear it, and cannot be saved from the browser. A task keeps the choice it was made with. Default on for a confidential instance, off for a public one.`}
          />
          <NumberField
            state={form}
            field="archivation_timeout"
            label={t`Archive finished tasks after`}
            description={t`Days after a task finishes; 0 to 3650. Empty (default): never archived.`}
            min={0}
            max={3650}
            suffix={t` days`}
            allowDecimal={false}
            maw={360}
          />
          <SwitchField
            state={form}
            field="delete_archived"
            label={t`Delete archived tasks`}
            description={t`Default off: archived tasks are kept.`}
          />
        </Stack>
      </Fieldset>
    </>
  )
}
