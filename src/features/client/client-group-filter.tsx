import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { clientGroupsQuery } from './queries/client-groups'
import { useClientGroupFilter } from './use-client-group'

/** The spec's 'Filter data' client-group selector (the rule in client-group-search.ts). */
export function ClientGroupFilter() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const selected = useClientGroupFilter()
  const { data: groups = [], isPending, isError } = useQuery(clientGroupsQuery())

  return (
    <Select
      label={t`Filter data`}
      placeholder={isPending ? t`Loading…` : t`All client groups`}
      data={groups.map((group) => ({
        value: String(group.id),
        label: group.full_name ? `${group.name} (${group.full_name})` : group.name,
      }))}
      value={selected === null ? null : String(selected)}
      onChange={(value) =>
        void navigate({
          to: '.',
          // Another group's data starts again from its first page (`page` of a paged list).
          search: ({ page: _, ...previous }: Record<string, unknown>) => ({
            ...previous,
            client_group: value === null ? undefined : Number(value),
          }),
          replace: true,
        })
      }
      clearable={groups.length > 1}
      // With one group there is nothing to choose: it stays shown as the data's group.
      readOnly={groups.length === 1}
      error={isError ? t`The client groups could not be loaded.` : undefined}
      nothingFoundMessage={t`No client groups`}
      w={{ base: '100%', sm: 280 }}
    />
  )
}
