import { Trans, useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import type { WidgetConfig } from '../../../../../../contract/task-schema'
import { RowListEditor } from '../../../../../ui/RowListEditor'

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
    <RowListEditor<Tag>
      label={t`Tag buttons of ${fieldName}`}
      title={<Trans>Tag buttons</Trans>}
      rows={tags}
      onChange={onChange}
      renderRow={(tag, index, position) => (
        <>
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
        </>
      )}
      removeLabel={(position) => t`Remove tag ${position}`}
      addLabel={<Trans>Add a tag button</Trans>}
      emptyRow={() => ({ tag: '' })}
    />
  )
}
