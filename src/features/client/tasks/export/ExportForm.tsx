import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Checkbox, Group, Radio, Stack } from '@mantine/core'
import { useState } from 'react'
import {
  DUMP_FORMATS,
  DUMP_OPTIONS,
  type DumpFormat,
  type DumpOption,
  type DumpOptions,
  type DumpRequest,
} from '../../../../../contract/client-tasks'
import { DUMP_FORMAT_TEXTS, DUMP_OPTION_TEXTS } from './options'

type ExportFormProps = {
  disabled: boolean
  pending: boolean
  onStart: (request: DumpRequest) => void
}

/** The eight export options (all off by default) and the file format. */
export function ExportForm({ disabled, pending, onStart }: ExportFormProps) {
  const { t, i18n } = useLingui()
  const [chosen, setChosen] = useState<DumpOption[]>([])
  const [format, setFormat] = useState<DumpFormat>('jsonl')

  return (
    <form
      aria-label={t`Export options`}
      onSubmit={(event) => {
        event.preventDefault()
        const options = Object.fromEntries(
          DUMP_OPTIONS.map((option) => [option, chosen.includes(option)]),
        ) as DumpOptions
        onStart({ ...options, format })
      }}
    >
      <Stack gap="md">
        <Checkbox.Group
          label={t`Include`}
          value={chosen}
          onChange={(value) => setChosen(value as DumpOption[])}
        >
          <Stack gap="sm" mt="xs">
            {DUMP_OPTIONS.map((option) => (
              <Checkbox
                key={option}
                value={option}
                label={i18n._(DUMP_OPTION_TEXTS[option].label)}
                description={i18n._(DUMP_OPTION_TEXTS[option].description)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Radio.Group
          label={t`Format`}
          value={format}
          onChange={(value) => setFormat(value as DumpFormat)}
        >
          <Stack gap="xs" mt="xs">
            {DUMP_FORMATS.map((value) => (
              <Radio key={value} value={value} label={i18n._(DUMP_FORMAT_TEXTS[value].label)} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" disabled={disabled} loading={pending}>
            <Trans>Start the export</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
