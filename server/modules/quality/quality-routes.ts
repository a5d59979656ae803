import { TaskIdParamsSchema } from '../../../contract/client-tasks'
import { TaskQualitySchema } from '../../../contract/quality'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { taskQuality } from './task-quality'

/** A task's quality for its client: agreement, gold accuracy and flagged work. */
export const qualityRoutes: AppPlugin = async (app) => {
  app.get(
    '/client/tasks/:id/quality/',
    {
      onRequest: requirePermission('client'),
      schema: {
        tags: ['client'],
        params: TaskIdParamsSchema,
        response: { 200: TaskQualitySchema },
      },
    },
    async (request) => taskQuality(app.db, currentUser(request), request.params.id),
  )
}
