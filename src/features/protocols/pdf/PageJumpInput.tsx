import { useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useState } from 'react'

/** Spec section 9: the PDF page field applies what was typed after 300 ms without typing. */
export const PAGE_INPUT_DEBOUNCE_MS = 300

const WHOLE_NUMBER = /^\d+$/

type PageJumpInputProps = {
  pageCount: number
  onJump: (page: number) => void
}

/**
 * The page field of the PDF viewer. It takes integers only (spec section 5): anything else, or a
 * page the document lacks, is refused with a message instead of being rounded or clamped.
 */
export function PageJumpInput({ pageCount, onJump }: PageJumpInputProps) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)

  const apply = useDebouncedCallback((typed: string) => {
    const value = typed.trim()
    if (value === '') return setError(null)
    if (!WHOLE_NUMBER.test(value)) return setError(t`Enter a whole page number.`)
    const page = Number(value)
    if (page < 1 || page > pageCount) {
      return setError(t`There is no page ${page}: enter a number from 1 to ${pageCount}.`)
    }
    setError(null)
    onJump(page)
  }, PAGE_INPUT_DEBOUNCE_MS)

  return (
    <TextInput
      label={t`Go to page`}
      description={t`1 to ${pageCount}`}
      inputMode="numeric"
      autoComplete="off"
      w={150}
      value={text}
      error={error}
      onChange={(event) => {
        setText(event.currentTarget.value)
        apply(event.currentTarget.value)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply.flush()
      }}
    />
  )
}
