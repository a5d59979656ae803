import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, List, Stack, Text } from '@mantine/core'
import type { MasterFile } from '../../../contract/finance'

/** The counts every master file message carries. */
function Counts({ file }: { file: MasterFile }) {
  return (
    <Text size="sm">
      <Trans>
        Loaded records: {file.loaded_records}. Loaded intervals: {file.loaded_intervals}. Warnings:{' '}
        {file.warnings_count}. Errors: {file.errors_count}.
      </Trans>
    </Text>
  )
}

function Problems({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null
  return (
    <List size="sm" spacing={2} aria-label={label}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  )
}

/**
 * The spec's master file messages: success, warnings or errors, each with the file name and the
 * counts of loaded records, intervals, warnings and errors, and every problem by its line.
 */
export function MasterFileOutcome({ file }: { file: MasterFile }) {
  const { t } = useLingui()
  const name = file.file_name
  if (file.errors_count > 0) {
    return (
      <Alert color="red" title={t`The master file ${name} has errors: nothing was loaded.`}>
        <Stack gap="xs">
          <Counts file={file} />
          <Problems label={t`Errors`} items={file.errors} />
          <Problems label={t`Warnings`} items={file.warnings} />
        </Stack>
      </Alert>
    )
  }
  if (file.warnings_count > 0) {
    return (
      <Alert color="yellow" title={t`The master file ${name} was loaded with warnings.`}>
        <Stack gap="xs">
          <Counts file={file} />
          <Problems label={t`Warnings`} items={file.warnings} />
        </Stack>
      </Alert>
    )
  }
  return (
    <Alert color="green" title={t`The master file ${name} was loaded.`}>
      <Counts file={file} />
    </Alert>
  )
}
