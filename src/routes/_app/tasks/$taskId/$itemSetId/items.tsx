import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * The spec's `items` child (the set's item list): that list is the task view's own page, the
 * annotation screen, so a link here lands there. The annotator's start-up path (its first-work
 * page and early requests) stays on the one address, whose loader checks that the protocol
 * was read.
 */
export const Route = createFileRoute('/_app/tasks/$taskId/$itemSetId/items')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/tasks/$taskId/$itemSetId', params, replace: true })
  },
})
