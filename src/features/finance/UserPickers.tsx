import { useLingui } from '@lingui/react/macro'
import { MultiSelect, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { FinanceUser } from '../../../contract/finance'
import { financeUsersQuery } from './queries'

/** How long typing pauses before the server is asked for matching users. */
const SEARCH_DEBOUNCE_MS = 300

const userLabel = (user: FinanceUser) => user.username

/**
 * Users matching what is typed, asked of the server (there may be thousands), plus the users
 * already chosen so their names show whatever the search.
 */
function useUserOptions(chosen: string[]) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
  const chosenIds = chosen.map(Number)
  const named = useQuery({
    ...financeUsersQuery('', chosenIds),
    enabled: chosenIds.length > 0,
  })
  const known = named.data ?? []
  // Choosing an option puts its label in the search box: that is no new search.
  const searching = known.some((user) => userLabel(user) === debounced) ? '' : debounced
  const found = useQuery(financeUsersQuery(searching))
  const options = new Map<string, string>()
  for (const user of [...known, ...(found.data ?? [])]) {
    options.set(String(user.id), userLabel(user))
  }
  return {
    data: [...options].map(([value, label]) => ({ value, label })),
    search,
    setSearch,
    loading: found.isFetching,
  }
}

type PickerProps<TValue> = {
  label: string
  value: TValue
  onChange: (value: TValue) => void
  error?: string
  description?: string
}

export function UserPicker({
  label,
  value,
  onChange,
  error,
  description,
}: PickerProps<string | null>) {
  const { t } = useLingui()
  const options = useUserOptions(value === null ? [] : [value])
  return (
    <Select
      label={label}
      description={description}
      placeholder={t`Type a username, e-mail or name`}
      data={options.data}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      clearable
      searchValue={options.search}
      onSearchChange={options.setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.loading ? t`Searching…` : t`No such user`}
    />
  )
}

export function UsersPicker({ label, value, onChange, error, description }: PickerProps<string[]>) {
  const { t } = useLingui()
  const options = useUserOptions(value)
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length === 0 ? t`Everyone` : undefined}
      data={options.data}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      clearable
      searchValue={options.search}
      onSearchChange={options.setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.loading ? t`Searching…` : t`No such user`}
    />
  )
}
