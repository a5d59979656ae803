import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Task } from '../../../../../contract/client-tasks'
import { taskListQuery, taskQuery } from '../../queries/tasks'
import { useClientGroupFilter } from '../../use-client-group'
import { SEARCH_DEBOUNCE_MS } from '../table/DebouncedSearch'

/** How many matching tasks the picker offers at a time; typing narrows them down. */
const PICKER_SIZE = 20

const optionLabel = (task: Pick<Task, 'id' | 'description'>) =>
  task.description ? `#${task.id} ${task.description}` : `#${task.id}`

type TaskPickerProps = { value: number | undefined; onChange: (task: number | undefined) => void }

/** Picks a task by id, description or task type name, searched on the server as one types. */
export function TaskPicker({ value, onChange }: TaskPickerProps) {
  const { t } = useLingui()
  const clientGroup = useClientGroupFilter()
  const selected = useQuery({ ...taskQuery(value ?? 0), enabled: value !== undefined })
  const [typed, setTyped] = useState('')
  // Choosing an option writes its label into the box; that is not a new search.
  const searching = selected.data && typed === optionLabel(selected.data) ? '' : typed
  const [search] = useDebouncedValue(searching, SEARCH_DEBOUNCE_MS)
  const matches = useQuery(
    taskListQuery({
      client_group: clientGroup,
      search: search.trim(),
      ordering: '-created',
      limit: PICKER_SIZE,
    }),
  )

  const tasks = [...(selected.data ? [selected.data] : []), ...(matches.data?.results ?? [])]
  const options = tasks
    .filter((task, index) => tasks.findIndex((other) => other.id === task.id) === index)
    .map((task) => ({ value: String(task.id), label: optionLabel(task) }))

  return (
    <Select
      label={t`Task`}
      placeholder={t`Search by id, description or task type`}
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      // The server has already matched the options to the text.
      filter={({ options: all }) => all}
      nothingFoundMessage={matches.isFetching ? t`Searching…` : t`No matching tasks`}
      w={{ base: '100%', sm: 420 }}
    />
  )
}
