import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import * as v from 'valibot'
import type { ClientGroup } from '../../../contract/client-groups'
import { clientGroupsQuery } from './queries/definitions'

/**
 * The spec's 'Filter data' client-group selector. The choice lives in the URL search parameter
 * `client_group`, so it survives reloads and links and is shared by every client page; with only
 * one client group that group is preselected.
 */

/** Search schema entries for routes whose pages use the filter (keeps the parameter typed). */
export const clientGroupSearch = {
  client_group: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => readId(value) ?? undefined),
    ),
  ),
}

function readId(value: unknown): number | null {
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * The group a page filters by: the one in the URL when it is one of the user's groups, else the
 * only group when there is just one, else none (all groups). Route loaders use it too.
 */
export function resolveClientGroup(
  fromUrl: unknown,
  groups: readonly ClientGroup[] | undefined,
): number | null {
  const id = readId(fromUrl)
  if (!groups) return id
  if (id !== null && groups.some((group) => group.id === id)) return id
  return groups.length === 1 && groups[0] ? groups[0].id : null
}

/** The selected client group id, or null for all of the user's groups. */
export function useClientGroupFilter(): number | null {
  const fromUrl = useSearch({
    strict: false,
    select: (search) => (search as Record<string, unknown>).client_group,
  })
  const { data: groups } = useQuery(clientGroupsQuery())
  return resolveClientGroup(fromUrl, groups)
}

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
