import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, useLingui } from '@lingui/react/macro'
import { Alert, Code, List, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { FieldErrors } from '../../../../../ui/forms/form-errors'

/** The document's top-level keys by the editor section that shows them. */
const SECTIONS: Record<string, MessageDescriptor> = {
  item_schema: msg`Item fields`,
  annotation_schema: msg`Annotation fields`,
  validators: msg`Validators`,
  rows_visibility: msg`Row visibility`,
}

/** Every problem of the schema with where it is, so none hides behind a closed section. */
export function ProblemList({ problems }: { problems: FieldErrors }) {
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
            <ProblemPlace path={path} />: {message}
          </List.Item>
        ))}
      </List>
    </Alert>
  )
}

/** Where a problem is: the section by its title, then the path within it (field names, numbers). */
function ProblemPlace({ path }: { path: string }) {
  const { t, i18n } = useLingui()
  const [top = '', ...within] = path.split('.')
  const section = SECTIONS[top]
  if (!path) return <Text span fw={500} size="sm">{t`The whole schema`}</Text>
  if (!section) return <Code>{path}</Code>
  return (
    <>
      <Text span fw={500} size="sm">
        {i18n._(section)}
      </Text>
      {within.length > 0 && (
        <>
          {' '}
          <Code>{within.join('.')}</Code>
        </>
      )}
    </>
  )
}
