import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../api/not-found'
import { SchemaSettingsPage } from '../../../../../../features/client/definitions/schemas/SchemaSettingsPage'
import { parseIdParam } from '../../../../../../features/client/definitions/shared/route-params'
import { versionedQuery } from '../../../../../../features/client/queries/definitions'

export const Route = createFileRoute(
  '/_app/client/tasks-definitions/task-schemas/$taskSchemaId/settings',
)({
  loader: ({ context, params }) =>
    ensureOrNotFound(
      context.queryClient,
      versionedQuery('task-schemas', parseIdParam(params.taskSchemaId)),
    ),
  component: function SchemaSettingsRoute() {
    const { taskSchemaId } = Route.useParams()
    return <SchemaSettingsPage id={parseIdParam(taskSchemaId)} />
  },
})
