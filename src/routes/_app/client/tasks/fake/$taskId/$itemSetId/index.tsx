import { createFileRoute, redirect } from '@tanstack/react-router'

/** The preview always shows its items. */
export const Route = createFileRoute('/_app/client/tasks/fake/$taskId/$itemSetId/')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/client/tasks/fake/$taskId/$itemSetId/fake-items',
      params,
      replace: true,
    })
  },
})
