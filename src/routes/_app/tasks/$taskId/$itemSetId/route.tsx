import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../../../features/tasks/route-params'

/** The task view: the item set's items, and its protocol pages. */
export const Route = createFileRoute('/_app/tasks/$taskId/$itemSetId')({
  params: idParams('taskId', 'itemSetId'),
})
