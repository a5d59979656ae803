import { useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useState } from 'react'

/** How long typing pauses before a list is searched again. */
export const SEARCH_DEBOUNCE_MS = 300

type DebouncedSearchProps = {
  label: string
  value: string
  onSearch: (value: string) => void
}

/** A search box that asks for results once typing pauses, not on every key. */
export function DebouncedSearch({ label, value, onSearch }: DebouncedSearchProps) {
  const { t } = useLingui()
  const [text, setText] = useState(value)
  const search = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS)
  return (
    <TextInput
      label={label}
      placeholder={t`Search…`}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value)
        search(event.currentTarget.value)
      }}
    />
  )
}
