import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../api/not-found'
import { SchemaDetailsPage } from '../../../../../../features/client/definitions/schemas/SchemaDetailsPage'
import {
  parseIdParam,
  replacedSearch,
} from '../../../../../../features/client/definitions/shared/route-params'
import { versionedQuery } from '../../../../../../features/client/queries/definitions'

export const Route = createFileRoute('/_app/client/tasks-definitions/task-schemas/$taskSchemaId/')({
  validateSearch: replacedSearch,
  loader: ({ context, params }) =>
    ensureOrNotFound(
      context.queryClient,
      versionedQuery('task-schemas', parseIdParam(params.taskSchemaId)),
    ),
  component: function SchemaDetailsRoute() {
    const { taskSchemaId } = Route.useParams()
    const { replaced } = Route.useSearch()
    return <SchemaDetailsPage id={parseIdParam(taskSchemaId)} replacedVersion={replaced} />
  },
})
