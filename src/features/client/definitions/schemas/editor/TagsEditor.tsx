import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { WidgetConfig } from '../../../../../../contract/task-schema'

type Tag = NonNullable<WidgetConfig['tags']>[number]

type TagsEditorProps = {
  fieldName: string
  tags: Tag[]
  onChange: (tags: Tag[]) => void
  problemAt: (path: string) => string | undefined
}

/** The snippets a text widget offers as buttons: a tag, and a closing tag to wrap a selection. */
export function TagsEditor({ fieldName, tags, onChange, problemAt }: TagsEditorProps) {
  const { t } = useLingui()
  const update = (index: number, change: Partial<Tag>) =>
    onChange(
      tags.map((tag, at) => {
        if (at !== index) return tag
        const next = { ...tag, ...change }
        return next.closing_tag ? next : { tag: next.tag }
      }),
    )

  return (
    <Stack gap="xs" role="group" aria-label={t`Tag buttons of ${fieldName}`}>
      <Text size="sm" fw={500}>
        <Trans>Tag buttons</Trans>
      </Text>
      {tags.map((tag, index) => {
        const position = index + 1
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: tags have no identity but their place.
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={t`Tag ${position}`}
              placeholder={t`Tag, e.g. [noise]`}
              value={tag.tag}
              onChange={(event) => update(index, { tag: event.currentTarget.value })}
              error={problemAt(`${index}.tag`)}
              flex={1}
            />
            <TextInput
              aria-label={t`Closing tag ${position}`}
              placeholder={t`Closing tag (optional)`}
              value={tag.closing_tag ?? ''}
              onChange={(event) => update(index, { closing_tag: event.currentTarget.value })}
              error={problemAt(`${index}.closing_tag`)}
              flex={1}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t`Remove tag ${position}`}
              onClick={() => onChange(tags.filter((_, at) => at !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...tags, { tag: '' }])}
        >
          <Trans>Add a tag button</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
