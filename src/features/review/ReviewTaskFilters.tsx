import { useLingui } from '@lingui/react/macro'
import { Button, Select, SimpleGrid, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReviewTaskOptions } from '../../../contract/review'
import { type ReviewTaskFilters as Filters, reviewTaskOptionsQuery } from './queries'

type FilterName = 'client_group' | 'task_type' | 'protocol' | 'base_language' | 'target_language'

/** The choices of each task filter, as the server's OPTIONS answers them. */
function choicesOf(options: ReviewTaskOptions, name: FilterName) {
  switch (name) {
    case 'client_group':
      return options.client_groups.map((g) => ({ value: String(g.id), label: g.name }))
    case 'task_type':
      return options.task_types.map((type) => ({ value: String(type.id), label: type.name }))
    case 'protocol':
      return options.protocols.map((p) => ({
        value: String(p.id),
        label: `${p.name} v${p.version}`,
      }))
    default:
      return options.languages.map((l) => ({ value: String(l.id), label: l.name }))
  }
}

type TaskFiltersProps = {
  value: Filters
  onChange: (filters: Filters) => void
  /** The filter choices; the reviewer's by default. */
  options?: ReviewTaskOptions
}

/** Client group, task type, protocol (with version), base and target language. */
export function TaskFilters({ value, onChange, options }: TaskFiltersProps) {
  const { t } = useLingui()
  const reviewerOptions = useQuery({ ...reviewTaskOptionsQuery(), enabled: !options })
  const choices = options ?? reviewerOptions.data
  if (!choices) return null
  const labels: Record<FilterName, string> = {
    client_group: t`Client group`,
    task_type: t`Task type`,
    protocol: t`Protocol`,
    base_language: t`Base language`,
    target_language: t`Target language`,
  }
  const names = Object.keys(labels) as FilterName[]
  const set = names.some((name) => value[name] !== undefined)
  return (
    // Two filters a row on a phone, so the tasks stay near the top of the screen.
    <Stack gap="xs" align="flex-start">
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" verticalSpacing="xs" w="100%">
        {names.map((name) => (
          <Select
            key={name}
            label={labels[name]}
            data={choicesOf(choices, name)}
            value={value[name] === undefined ? null : String(value[name])}
            onChange={(chosen) =>
              onChange({ ...value, [name]: chosen === null ? undefined : Number(chosen) })
            }
            clearable
            searchable
          />
        ))}
      </SimpleGrid>
      {set && (
        <Button variant="subtle" onClick={() => onChange({})}>
          {t`Reset filtering`}
        </Button>
      )}
    </Stack>
  )
}
