import { useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import { markColour, markLabel } from '../review/marks'

/** A mark in the spec's colour, with its label. */
export function MarkBadge({ mark }: { mark: number }) {
  const { i18n } = useLingui()
  const label = markLabel(mark)
  return (
    <Badge color={markColour(mark)} variant="filled" data-mark={mark}>
      {mark > 0 ? `${mark} ` : ''}
      {label ? i18n._(label) : ''}
    </Badge>
  )
}
