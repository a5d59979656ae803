import {
  CoordinationGroupListSchema,
  CoordinatorCountersSchema,
} from '../../../contract/coordinator'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { coordinationGroups, coordinatorCounters } from './service'

export const coordinatorRoutes: AppPlugin = async (app) => {
  app.get(
    '/coordinator/counters/',
    {
      onRequest: requirePermission('coordinator'),
      schema: { tags: ['coordinator'], response: { 200: CoordinatorCountersSchema } },
    },
    async (request) => coordinatorCounters(app.db, currentUser(request)),
  )

  app.get(
    '/coordinator/groups/',
    {
      onRequest: requirePermission('coordinator'),
      schema: { tags: ['coordinator'], response: { 200: CoordinationGroupListSchema } },
    },
    async (request) => coordinationGroups(app.db, currentUser(request)),
  )
}
