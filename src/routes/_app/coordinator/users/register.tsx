import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { coordinationGroupSearch } from '../../../../features/coordinator/coordination-group-search'
import { RegistrationKeysPage } from '../../../../features/coordinator/keys/RegistrationKeysPage'

export const Route = createFileRoute('/_app/coordinator/users/register')({
  validateSearch: v.object(coordinationGroupSearch),
  component: RegistrationKeysPage,
})
