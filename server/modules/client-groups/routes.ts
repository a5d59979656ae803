import { ClientGroupListSchema } from '../../../contract/client-groups'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { listClientGroups } from './queries'
import { clientScopeOf } from './scope'

export const clientGroupRoutes: AppPlugin = async (app) => {
  app.get(
    '/client/client-groups/',
    {
      onRequest: requirePermission('client'),
      schema: { tags: ['client'], response: { 200: ClientGroupListSchema } },
    },
    async (request) => {
      const scope = await clientScopeOf(app.db, currentUser(request))
      return listClientGroups(app.db, scope.groupIds)
    },
  )
}
