import {
  ClientStatsQuerySchema,
  ClientStatsSchema,
  TaskIdParamsSchema,
  TaskStatsSchema,
} from '../../../../contract/client-tasks'
import { currentUser, requirePermission } from '../../../http/guards'
import type { AppPlugin } from '../../../http/valibot'
import { clientStats, taskStats } from './stats'

const tags = ['client']
const onRequest = requirePermission('client')

/** The client's overview figures and a task's statistics. */
export const statsRoutes: AppPlugin = async (app) => {
  app.get(
    '/client/stats/',
    {
      onRequest,
      schema: { tags, querystring: ClientStatsQuerySchema, response: { 200: ClientStatsSchema } },
    },
    async (request) => clientStats(app.db, currentUser(request), request.query.client_group),
  )

  app.get(
    '/client/tasks/:id/stats/',
    {
      onRequest,
      schema: { tags, params: TaskIdParamsSchema, response: { 200: TaskStatsSchema } },
    },
    async (request) => taskStats(app.db, currentUser(request), request.params.id),
  )
}
