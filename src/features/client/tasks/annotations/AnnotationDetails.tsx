import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { ExplorerAnnotation } from '../../../../../contract/client-tasks'
import { GoldAnswer } from './GoldAnswer'

/** A value as the data holds it: text as it is, anything else as JSON. */
function DataValue({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {value}
      </Text>
    )
  return (
    <Code block fz="xs">
      {JSON.stringify(value, null, 2)}
    </Code>
  )
}

const LEVELS = [
  { key: 'errors', colour: 'red', label: msg`Error` },
  { key: 'warnings', colour: 'yellow', label: msg`Warning` },
  { key: 'info', colour: 'blue', label: msg`Info` },
] as const

function FieldMessages({ annotation, field }: { annotation: ExplorerAnnotation; field: string }) {
  const { i18n } = useLingui()
  const messages = LEVELS.flatMap(({ key, colour, label }) =>
    (annotation[key][field] ?? []).map((text) => ({ key, colour, label, text })),
  )
  if (messages.length === 0) return null
  return (
    <Stack gap={2} mt={4}>
      {messages.map((message) => (
        <Group key={`${message.key}:${message.text}`} gap={4} wrap="nowrap">
          <Badge size="xs" color={message.colour} variant="light">
            {i18n._(message.label)}
          </Badge>
          <Text size="xs">{message.text}</Text>
        </Group>
      ))}
    </Stack>
  )
}

export function DataTable({
  label,
  data,
  annotation,
}: {
  label: string
  data: Record<string, unknown>
  annotation?: ExplorerAnnotation
}) {
  // Messages may name fields the data lacks (a required field left empty).
  const fields = [
    ...new Set([
      ...Object.keys(data),
      ...(annotation ? LEVELS.flatMap(({ key }) => Object.keys(annotation[key])) : []),
    ]),
  ]
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {label}
      </Title>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Empty</Trans>
        </Text>
      ) : (
        <Table aria-label={label} withTableBorder layout="fixed">
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Th w="35%" scope="row" style={{ wordBreak: 'break-word' }}>
                  {field}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  {field in data ? <DataValue value={data[field]} /> : null}
                  {annotation && <FieldMessages annotation={annotation} field={field} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}

/**
 * The annotated item's data and the annotation's data side by side, with its messages, and the
 * item's gold state.
 */
export function AnnotationDetails({
  taskId,
  annotation,
}: {
  taskId: number
  annotation: ExplorerAnnotation
}) {
  const { t } = useLingui()
  const itemId = annotation.item_id
  return (
    <Stack gap="sm" p="sm">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DataTable label={t`Item #${itemId} data`} data={annotation.item_data} />
        <DataTable label={t`Annotation data`} data={annotation.data} annotation={annotation} />
      </SimpleGrid>
      <GoldAnswer taskId={taskId} annotation={annotation} />
    </Stack>
  )
}
