import { Plural, useLingui } from '@lingui/react/macro'
import { Alert, Code, List } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { FieldErrors } from '../../../../../ui/forms/form-errors'

/** Every problem of the schema with where it is, so none hides behind a closed section. */
export function ProblemList({ problems }: { problems: FieldErrors }) {
  const { t } = useLingui()
  const entries = Object.entries(problems)
  if (entries.length === 0) return null
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={
        <Plural
          value={entries.length}
          one="# problem to fix before saving"
          other="# problems to fix before saving"
        />
      }
      role="alert"
    >
      <List size="sm" spacing={2}>
        {entries.map(([path, message]) => (
          <List.Item key={path}>
            <Code>{path || t`the whole schema`}</Code> {message}
          </List.Item>
        ))}
      </List>
    </Alert>
  )
}
