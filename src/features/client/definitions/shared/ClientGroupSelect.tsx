import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { clientGroupsQuery } from '../../queries/client-groups'

type ClientGroupSelectProps = {
  value: number | null
  onChange: (id: number | null) => void
  error?: string
  /** Why the choice is final, for what is not a definition. */
  description?: string
}

/** The client group a new definition (or webhook) belongs to; it cannot change afterwards. */
export function ClientGroupSelect({ value, onChange, error, description }: ClientGroupSelectProps) {
  const { t } = useLingui()
  const groups = useQuery(clientGroupsQuery())
  return (
    <Select
      label={t`Client group`}
      description={
        description ?? t`It cannot be changed later: versions and tasks belong to the group.`
      }
      required
      placeholder={groups.isPending ? t`Loading…` : t`Choose a client group`}
      data={(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      error={error ?? (groups.isError ? t`The client groups could not be loaded.` : undefined)}
      maw={360}
    />
  )
}
