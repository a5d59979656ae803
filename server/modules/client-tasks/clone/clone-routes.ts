import { TaskIdParamsSchema, TaskSchema } from '../../../../contract/client-tasks'
import { currentUser, requirePermission } from '../../../http/guards'
import type { AppPlugin } from '../../../http/valibot'
import { cloneTask } from './clone'

/** A new task made from an existing task's definition and items. */
export const cloneRoutes: AppPlugin = async (app) => {
  const deps = { db: app.db, media: app.media }
  app.post(
    '/client/tasks/:id/clone/',
    {
      onRequest: requirePermission('client'),
      schema: { tags: ['client'], params: TaskIdParamsSchema, response: { 201: TaskSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await cloneTask(deps, currentUser(request), request.params.id)),
  )
}
