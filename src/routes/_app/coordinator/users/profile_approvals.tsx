import { createFileRoute } from '@tanstack/react-router'
import { ProfileApprovalsPage } from '../../../../features/coordinator/approvals/ProfileApprovalsPage'
import { ApprovalListSearchSchema } from '../../../../features/coordinator/approvals/search'

/** The spec's coordinator profile approvals. */
export const Route = createFileRoute('/_app/coordinator/users/profile_approvals')({
  validateSearch: ApprovalListSearchSchema,
  component: ProfileApprovalsRoute,
})

function ProfileApprovalsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProfileApprovalsPage
      search={search}
      onSearch={(patch) =>
        navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })
      }
    />
  )
}
