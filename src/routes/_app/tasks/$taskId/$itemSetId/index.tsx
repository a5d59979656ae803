import { createFileRoute } from '@tanstack/react-router'
import { AnnotationScreen } from '../../../../../features/annotate/AnnotationPage'
import { itemSetPath } from '../../../../../features/annotate/api-paths'
import { ItemSetUnavailable } from '../../../../../features/annotate/ItemSetUnavailable'
import { loadAnnotationScreen } from '../../../../../features/annotate/loaders'
import { PREFERENCES_PATH } from '../../../../../features/auth/queries'

/** The items of the set (the task view's default child); the protocol must have been read. */
export const Route = createFileRoute('/_app/tasks/$taskId/$itemSetId/')({
  staticData: { earlyRequests: ({ itemSetId = '' }) => [itemSetPath(itemSetId), PREFERENCES_PATH] },
  loader: ({ context, params }) => loadAnnotationScreen(context.queryClient, params),
  errorComponent: ItemSetUnavailable,
  component: function Items() {
    return <AnnotationScreen itemSetId={Route.useParams().itemSetId} />
  },
})
