import { createFileRoute } from '@tanstack/react-router'
import { parseIdParam } from '../../../../../../../features/client/definitions/shared/route-params'
import { FakeItems } from '../../../../../../../features/client/tasks/preview/FakeItems'
import { parseOffsetParam } from '../../../../../../../features/client/tasks/preview/offset'

/** The spec's `fake-items` child: the previewed set's items, read-only. */
export const Route = createFileRoute('/_app/client/tasks/fake/$taskId/$itemSetId/fake-items')({
  component: FakeItemsRoute,
})

function FakeItemsRoute() {
  const { taskId, itemSetId } = Route.useParams()
  return <FakeItems taskId={parseIdParam(taskId)} offset={parseOffsetParam(itemSetId)} />
}
