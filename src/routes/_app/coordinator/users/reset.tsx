import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { coordinationGroupSearch } from '../../../../features/coordinator/coordination-group-search'
import { ResetKeysPage } from '../../../../features/coordinator/keys/ResetKeysPage'

export const Route = createFileRoute('/_app/coordinator/users/reset')({
  validateSearch: v.object(coordinationGroupSearch),
  component: ResetKeysPage,
})
