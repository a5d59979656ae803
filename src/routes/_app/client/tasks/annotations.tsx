import { createFileRoute } from '@tanstack/react-router'
import { AnnotationsExplorerPage } from '../../../../features/client/tasks/annotations/AnnotationsExplorerPage'
import {
  type AnnotationSearch,
  AnnotationSearchSchema,
} from '../../../../features/client/tasks/annotations/search'

/** The spec's annotations explorer of the client's tasks (`?task=` picks the task). */
export const Route = createFileRoute('/_app/client/tasks/annotations')({
  validateSearch: AnnotationSearchSchema,
  component: AnnotationsRoute,
})

function AnnotationsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearch = (patch: Partial<AnnotationSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })
  return <AnnotationsExplorerPage search={search} onSearch={onSearch} />
}
