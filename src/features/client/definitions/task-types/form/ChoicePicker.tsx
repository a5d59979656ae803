import { useLingui } from '@lingui/react/macro'
import { MultiSelect, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type Choice, type ChoiceKind, choicesQuery } from '../../../queries/definitions'
import { SEARCH_DEBOUNCE_MS } from '../../../tasks/table/DebouncedSearch'

/** A found choice as the picker shows it: users by username, with their name underneath. */
type Found = { id: number; name: string; detail: string }

const asFound = (choice: Choice<ChoiceKind>): Found =>
  'username' in choice
    ? { id: choice.id, name: choice.username, detail: choice.display_name }
    : { id: choice.id, name: choice.name, detail: '' }

type ChoicePickerProps = {
  kind: ChoiceKind
  label: string
  description: string
  /** What the list says when nothing can be chosen at all. */
  emptyMessage: string
  value: number[]
  onChange: (ids: number[]) => void
  /** Names of the chosen ids (from the saved task type, or remembered when picked). */
  names: ReadonlyMap<number, string>
  onPicked: (picked: { id: number; name: string }[]) => void
  error?: string
}

/**
 * Picks any number of users, limiters, task groups or projects by name. The server searches as
 * one types (after a pause) and answers only what the client may choose; the chosen ones stay
 * shown by name whatever the current search finds.
 */
export function ChoicePicker({
  kind,
  label,
  description,
  emptyMessage,
  value,
  onChange,
  names,
  onPicked,
  error,
}: ChoicePickerProps) {
  const { t } = useLingui()
  const [typed, setTyped] = useState('')
  const [opened, setOpened] = useState(false)
  const [search] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS)
  // Nothing is asked before the list is first opened: most forms leave most pickers alone.
  const results = useQuery({ ...choicesQuery(kind, search), enabled: opened })
  const found = (results.data ?? []).map(asFound)
  const details = new Map(found.map((choice) => [String(choice.id), choice.detail]))

  const chosen = value.map((id) => ({ value: String(id), label: names.get(id) ?? `#${id}` }))
  const offered = found
    .filter((choice) => !value.includes(choice.id))
    .map((choice) => ({ value: String(choice.id), label: choice.name }))

  const nothingFound = () => {
    if (results.isError) return t`The choices could not be loaded. Close the list and try again.`
    if (results.isPending || results.isPlaceholderData) return t`Loading…`
    if (found.length > 0) return t`Everything found is chosen already.`
    return search ? t`Nothing matches “${search}”.` : emptyMessage
  }

  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length === 0 ? t`Search by name` : undefined}
      data={[...chosen, ...offered]}
      value={value.map(String)}
      onChange={(values) => {
        const ids = values.map(Number)
        onPicked(found.filter((choice) => ids.includes(choice.id) && !value.includes(choice.id)))
        onChange(ids)
      }}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      onDropdownOpen={() => setOpened(true)}
      // The server has already matched the options to the text (names, or a whole e-mail).
      filter={({ options }) => options}
      hidePickedOptions
      clearable
      loading={opened && results.isFetching}
      aria-busy={opened && results.isFetching}
      nothingFoundMessage={nothingFound()}
      renderOption={({ option }) => {
        const detail = details.get(option.value)
        return (
          <div>
            <Text size="sm">{option.label}</Text>
            {detail && (
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            )}
          </div>
        )
      }}
      error={error}
    />
  )
}
