import { Textarea, type TextareaProps } from '@mantine/core'
import type { CSSProperties, Ref } from 'react'

type PartStyles = Partial<
  Record<'root' | 'wrapper' | 'label' | 'description' | 'error' | 'input', CSSProperties>
>

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'styles'> & {
  minRows: number
  /** Beyond this many lines the field scrolls; without it the field grows with its text. */
  maxRows?: number
  styles?: PartStyles
  ref?: Ref<HTMLTextAreaElement>
}

const browserSizesFields =
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content')

/** Height of `rows` lines of the field's text with its padding and border (it is border-box). */
const heightOfRows = (rows: number) =>
  `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2 * calc(0.0625rem * var(--mantine-scale)))`

/**
 * A textarea that grows with its text from `minRows` lines up to `maxRows`. Where the browser
 * sizes fields to their content (CSS field-sizing) it does so itself; elsewhere Mantine's
 * autosize measures each field with a hidden copy, which forces a layout per field on every
 * mount: on a phone the annotation screen's text widgets spent a tenth of a second that way.
 */
export function GrowingTextarea({ minRows, maxRows, styles, ...props }: GrowingTextareaProps) {
  if (!browserSizesFields) {
    return <Textarea {...props} styles={styles} autosize minRows={minRows} maxRows={maxRows} />
  }
  const input: CSSProperties = {
    fieldSizing: 'content',
    minHeight: heightOfRows(minRows),
    maxHeight: maxRows === undefined ? undefined : heightOfRows(maxRows),
    ...styles?.input,
  }
  return <Textarea {...props} styles={{ ...styles, input }} />
}
