import { createFileRoute } from '@tanstack/react-router'
import { AnnotationPage } from '../../../../../features/annotate/AnnotationPage'
import { ItemSetUnavailable } from '../../../../../features/annotate/ItemSetUnavailable'
import { loadAnnotationScreen } from '../../../../../features/annotate/loaders'

/** The items of the set (the task view's default child); the protocol must have been read. */
export const Route = createFileRoute('/_app/tasks/$taskId/$itemSetId/')({
  loader: ({ context, params }) => loadAnnotationScreen(context.queryClient, params),
  errorComponent: ItemSetUnavailable,
  component: function Items() {
    return <AnnotationPage itemSetId={Route.useParams().itemSetId} />
  },
})
