import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'
import {
  CoordinatorItemSetListSchema,
  CoordinatorItemSetPatchSchema,
  CoordinatorItemSetQuerySchema,
  CoordinatorItemSetSchema,
} from '../../../contract/worker'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { coordinatorItemSets, endCoordinatedLock } from './item-sets-service'

const tags = ['coordinator']
const onRequest = requirePermission('coordinator')

/** The coordinator's item sets: the list and ending a lock. */
export const coordinatorItemSetRoutes: AppPlugin = async (app) => {
  app.get(
    '/coordinator/item-sets/',
    {
      onRequest,
      schema: {
        tags,
        querystring: CoordinatorItemSetQuerySchema,
        response: { 200: CoordinatorItemSetListSchema },
      },
    },
    async (request) => {
      const { query } = request
      const { count, results } = await coordinatorItemSets(app.db, currentUser(request), query)
      const link = (page: number) => {
        const url = new URL(request.url, `${request.protocol}://${request.host}`)
        url.searchParams.set('page', String(page))
        return url.toString()
      }
      return {
        count,
        next: query.page * query.page_size < count ? link(query.page + 1) : null,
        previous: query.page > 1 ? link(query.page - 1) : null,
        results,
      }
    },
  )

  app.patch(
    '/coordinator/item-sets/:id/',
    {
      onRequest,
      schema: {
        tags,
        params: v.object({ id: IdParamSchema }),
        body: CoordinatorItemSetPatchSchema,
        response: { 200: CoordinatorItemSetSchema },
      },
    },
    async (request) =>
      endCoordinatedLock(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.lock_expiration_timestamp,
      ),
  )
}
