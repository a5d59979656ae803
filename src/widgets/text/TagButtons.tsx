import { useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import type { WidgetConfig } from '../../../contract/task-schema'

type Tag = NonNullable<WidgetConfig['tags']>[number]

/**
 * One button per configured tag. Pressing the mouse on a button would take the focus (and the
 * visible selection) from the field, so that is prevented; the field keeps its selection, which
 * the insertion wraps.
 */
export function TagButtons({ tags, onInsert }: { tags: Tag[]; onInsert: (tag: Tag) => void }) {
  const { t } = useLingui()
  return tags.map((tag) => {
    const shown = tag.closing_tag ? `${tag.tag}…${tag.closing_tag}` : tag.tag
    return (
      <Button
        key={shown}
        size="compact-xs"
        variant="light"
        aria-label={tag.closing_tag ? t`Wrap in ${shown}` : t`Insert ${shown}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onInsert(tag)}
      >
        {shown}
      </Button>
    )
  })
}
