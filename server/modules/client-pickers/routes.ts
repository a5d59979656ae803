import {
  PickerChoiceListSchema,
  PickerQuerySchema,
  PickerUserListSchema,
  UserPickerQuerySchema,
} from '../../../contract/client-pickers'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { CATALOGS } from './queries'
import { listCatalogChoices, listUserChoices } from './service'

const tags = ['client']
const onRequest = requirePermission('client')

/** What the task type form offers to pick (contract/client-pickers.ts). */
export const clientPickerRoutes: AppPlugin = async (app) => {
  app.get(
    '/client/users/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Users a client may put on a task type',
        querystring: UserPickerQuerySchema,
        response: { 200: PickerUserListSchema },
      },
    },
    async (request) => listUserChoices(app.db, currentUser(request), request.query),
  )

  for (const catalog of CATALOGS) {
    app.get(
      `/client/${catalog}/`,
      {
        onRequest,
        schema: {
          tags,
          summary: `The ${catalog.replace('-', ' ')} a task type may use`,
          querystring: PickerQuerySchema,
          response: { 200: PickerChoiceListSchema },
        },
      },
      async (request) => listCatalogChoices(app.db, catalog, request.query),
    )
  }
}
