import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { coordinationGroupSearch } from '../../../../features/coordinator/coordination-group-search'
import { ResetKeysPage } from '../../../../features/coordinator/keys/ResetKeysPage'

/** The coordinator's key screen; staff see every key and may make keys of no group. */
export const Route = createFileRoute('/_app/admin_panel/users/reset')({
  validateSearch: v.object(coordinationGroupSearch),
  component: ResetKeysPage,
})
