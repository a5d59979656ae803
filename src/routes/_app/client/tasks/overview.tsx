import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { clientGroupSearch } from '../../../../features/client/client-group-search'
import { OverviewPage } from '../../../../features/client/tasks/overview/OverviewPage'

/** The spec's `client_overview` route. */
export const Route = createFileRoute('/_app/client/tasks/overview')({
  validateSearch: v.object(clientGroupSearch),
  component: OverviewPage,
})
