import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, List, Text } from '@mantine/core'
import { IconFileAlert } from '@tabler/icons-react'
import { TASK_UPLOAD_PROBLEMS_SHOWN } from '../../../../../contract/task-intake'

/** The first problems the server found in the file, each starting with its line or row. */
export function FileProblems({ problems }: { problems: string[] }) {
  const { t } = useLingui()
  if (problems.length === 0) return null
  const limit = TASK_UPLOAD_PROBLEMS_SHOWN
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconFileAlert aria-hidden />}
      title={t`The file was not accepted. Nothing was created.`}
    >
      <List size="sm" aria-label={t`Problems in the file`} spacing={4}>
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
      {problems.length >= limit && (
        <Text size="sm" mt="xs">
          <Trans>Only the first {limit} problems are listed. Fix them and upload again.</Trans>
        </Text>
      )}
    </Alert>
  )
}
