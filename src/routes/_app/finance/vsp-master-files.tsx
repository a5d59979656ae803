import { createFileRoute } from '@tanstack/react-router'
import { MasterFilesPage } from '../../../features/finance/MasterFilesPage'
import { masterFilesQuery } from '../../../features/finance/queries'

export const Route = createFileRoute('/_app/finance/vsp-master-files')({
  loader: ({ context }) => context.queryClient.prefetchQuery(masterFilesQuery(0)),
  component: MasterFilesPage,
})
