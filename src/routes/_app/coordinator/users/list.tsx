import { createFileRoute } from '@tanstack/react-router'
import { UserListSearchSchema } from '../../../../features/coordinator/users/search'
import { UsersListPage } from '../../../../features/coordinator/users/UsersListPage'

/** The spec's coordinator users list. */
export const Route = createFileRoute('/_app/coordinator/users/list')({
  validateSearch: UserListSearchSchema,
  component: UsersListRoute,
})

function UsersListRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UsersListPage
      search={search}
      onSearch={(patch) =>
        navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })
      }
    />
  )
}
