import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../../api/not-found'
import { parseIdParam } from '../../../../../../../features/client/definitions/shared/route-params'
import { fakeTaskQuery, taskQuery } from '../../../../../../../features/client/queries/tasks'
import { FakeTaskLayout } from '../../../../../../../features/client/tasks/preview/FakeTaskLayout'
import { parseOffsetParam } from '../../../../../../../features/client/tasks/preview/offset'

/** The spec's fake-task preview (`fake/{taskId}/{itemSetId}`); the items are its child route. */
export const Route = createFileRoute('/_app/client/tasks/fake/$taskId/$itemSetId')({
  // Bad ids and offsets, and tasks of other clients, are missing pages.
  loader: ({ context, params }) => {
    const taskId = parseIdParam(params.taskId)
    const offset = parseOffsetParam(params.itemSetId)
    return Promise.all([
      ensureOrNotFound(context.queryClient, taskQuery(taskId)),
      ensureOrNotFound(context.queryClient, fakeTaskQuery(taskId, offset)),
    ])
  },
  component: FakeTaskRoute,
})

function FakeTaskRoute() {
  const { taskId, itemSetId } = Route.useParams()
  return (
    <FakeTaskLayout taskId={parseIdParam(taskId)} offset={parseOffsetParam(itemSetId)}>
      <Outlet />
    </FakeTaskLayout>
  )
}
