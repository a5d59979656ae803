import { createFileRoute } from '@tanstack/react-router'
import { ItemSetsPage } from '../../../features/coordinator/item-sets/ItemSetsPage'
import { ItemSetListSearchSchema } from '../../../features/coordinator/item-sets/search'

/** The spec's `coordinator_item_sets` route. */
export const Route = createFileRoute('/_app/coordinator/item-sets')({
  validateSearch: ItemSetListSearchSchema,
  component: ItemSetsRoute,
})

function ItemSetsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ItemSetsPage
      search={search}
      onSearch={(patch) =>
        navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })
      }
    />
  )
}
