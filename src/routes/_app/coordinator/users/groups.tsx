import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { GroupsPage } from '../../../../features/coordinator/groups/GroupsPage'
import { groupIdSearchEntry } from '../../../../ui/group-filter-search'

/** The coordinator's groups and their members (reached from the Users menu). */
export const Route = createFileRoute('/_app/coordinator/users/groups')({
  validateSearch: v.object({ group: groupIdSearchEntry() }),
  component: GroupsRoute,
})

function GroupsRoute() {
  const { group } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <GroupsPage
      group={group}
      onGroup={(next) => navigate({ search: { group: next }, replace: true })}
    />
  )
}
