import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { coordinationGroupsQuery } from './queries'
import { useCoordinationGroupFilter } from './use-coordination-group'

/** The coordination-group selector of the coordinator pages (the rule in coordination-group-search.ts). */
export function CoordinationGroupFilter() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const selected = useCoordinationGroupFilter()
  const { data: groups = [], isPending, isError } = useQuery(coordinationGroupsQuery())

  return (
    <Select
      label={t`Coordination group`}
      placeholder={isPending ? t`Loading…` : t`All your coordination groups`}
      data={groups.map((group) => ({ value: String(group.id), label: group.name }))}
      value={selected === null ? null : String(selected)}
      onChange={(value) =>
        void navigate({
          to: '.',
          search: (previous: Record<string, unknown>) => ({
            ...previous,
            coordination_group: value === null ? undefined : Number(value),
          }),
          replace: true,
        })
      }
      clearable={groups.length > 1}
      readOnly={groups.length === 1}
      error={isError ? t`The coordination groups could not be loaded.` : undefined}
      nothingFoundMessage={t`No coordination groups`}
      w={{ base: '100%', sm: 280 }}
    />
  )
}
