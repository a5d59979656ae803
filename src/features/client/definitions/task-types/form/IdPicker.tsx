import { useLingui } from '@lingui/react/macro'
import { TagsInput } from '@mantine/core'
import { useState } from 'react'
import type { KnownRef } from './form-values'

type IdPickerProps = {
  label: string
  description?: string
  value: number[]
  onChange: (ids: number[]) => void
  /** The ids with a known name, offered as suggestions. */
  known: KnownRef[]
  error?: string
}

const ID_IN_TAG = /^(?:.*\(#(\d+)\)|#?(\d+))$/

/**
 * Picks ids: the known ones by name, any other by typing its number. The server offers no way
 * to look these up by name yet, so a number is the way to add one that is not listed.
 */
export function IdPicker({ label, description, value, onChange, known, error }: IdPickerProps) {
  const { t } = useLingui()
  const [refused, setRefused] = useState<string | null>(null)
  const tagOf = (id: number) => {
    const ref = known.find((candidate) => candidate.id === id)
    return ref ? `${ref.label} (#${id})` : `#${id}`
  }

  const change = (tags: string[]) => {
    const ids: number[] = []
    let unreadable: string | null = null
    for (const tag of tags) {
      const match = ID_IN_TAG.exec(tag.trim())
      const id = Number(match?.[1] ?? match?.[2])
      if (!match || !Number.isSafeInteger(id) || id < 1) unreadable = tag
      else if (!ids.includes(id)) ids.push(id)
    }
    setRefused(unreadable)
    onChange(ids)
  }

  return (
    <TagsInput
      label={label}
      description={description}
      placeholder={t`Choose, or type an id and press Enter`}
      data={known.map((ref) => tagOf(ref.id))}
      value={value.map(tagOf)}
      onChange={change}
      error={refused ? t`"${refused}" is not an id number.` : error}
      acceptValueOnBlur
      clearable
    />
  )
}
