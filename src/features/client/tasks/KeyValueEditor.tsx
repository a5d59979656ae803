import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'

export type KeyValuePair = { key: string; value: string }

export function toPairs(record: Record<string, string>): KeyValuePair[] {
  return Object.entries(record).map(([key, value]) => ({ key, value }))
}

/** Pairs without a key are rows the user has not filled in yet; they are left out. */
export function fromPairs(pairs: KeyValuePair[]): Record<string, string> {
  return Object.fromEntries(
    pairs.filter(({ key }) => key.trim() !== '').map(({ key, value }) => [key.trim(), value]),
  )
}

type KeyValueEditorProps = {
  /** Names the group and each input ("Metadata key 1"...). */
  label: string
  pairs: KeyValuePair[]
  onChange: (pairs: KeyValuePair[]) => void
  error?: string
}

/** Rows of key and value inputs with add and remove buttons (metadata, local settings). */
export function KeyValueEditor({ label, pairs, onChange, error }: KeyValueEditorProps) {
  const { t } = useLingui()
  const update = (index: number, change: Partial<KeyValuePair>) =>
    onChange(pairs.map((pair, at) => (at === index ? { ...pair, ...change } : pair)))

  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {pairs.map((pair, index) => {
        const position = index + 1
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; keys are edited in place.
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={t`${label} key ${position}`}
              placeholder={t`Key`}
              value={pair.key}
              onChange={(event) => update(index, { key: event.currentTarget.value })}
              flex={1}
            />
            <TextInput
              aria-label={t`${label} value ${position}`}
              placeholder={t`Value`}
              value={pair.value}
              onChange={(event) => update(index, { value: event.currentTarget.value })}
              flex={2}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t`Remove ${label} pair ${position}`}
              onClick={() => onChange(pairs.filter((_, at) => at !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )
      })}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...pairs, { key: '', value: '' }])}
        >
          <Trans>Add a pair</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
