import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react'
import type { Severity } from '../../contract/schema-rules'

const looks: Record<
  Severity,
  { color: string; Icon: typeof IconInfoCircle; prefix: MessageDescriptor }
> = {
  error: { color: 'red', Icon: IconAlertCircle, prefix: msg`Error:` },
  warning: { color: 'orange', Icon: IconAlertTriangle, prefix: msg`Warning:` },
  info: { color: 'blue', Icon: IconInfoCircle, prefix: msg`Information:` },
}

type FieldMessageLists = Partial<Record<Severity, string[]>>

/** A field's validation messages under its widget, errors first; announced as they change. */
export function FieldMessages({ messages }: { messages: FieldMessageLists }) {
  const { i18n } = useLingui()
  const rows = (['error', 'warning', 'info'] as const).flatMap((severity) =>
    (messages[severity] ?? []).map((text) => ({ severity, text })),
  )
  return (
    <Stack gap={2} mt={rows.length > 0 ? 4 : 0} aria-live="polite">
      {rows.map(({ severity, text }) => {
        const { color, Icon, prefix } = looks[severity]
        return (
          <Group key={`${severity}:${text}`} gap={4} wrap="nowrap" data-severity={severity}>
            <Icon size={14} color={`var(--mantine-color-${color}-6)`} aria-hidden />
            <Text size="xs" c={color}>
              <VisuallyHidden>{i18n._(prefix)} </VisuallyHidden>
              {text}
            </Text>
          </Group>
        )
      })}
    </Stack>
  )
}
