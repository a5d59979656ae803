import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'
import {
  TASK_UPLOAD_EXTENSIONS,
  TASK_UPLOAD_MAX_BYTES,
  TaskProcessingSchema,
  TaskUploadResultSchema,
} from '../../../contract/task-intake'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { receiveUpload } from '../media/upload'
import { appWebhookEvents } from '../webhooks/events'
import { registerImportJobs } from './jobs'
import { createTaskFromUpload, type IntakeDeps, processingOf } from './service'

export const taskIntakeRoutes: AppPlugin = async (app) => {
  const context = {
    db: app.db,
    media: app.media,
    logger: app.log,
    zipLimits: app.config.zipLimits,
    contentKeys: app.mediaKeys,
    events: appWebhookEvents(app),
  }
  const deps: IntakeDeps = {
    ...context,
    importJobs: app.jobs
      ? await registerImportJobs(app.jobs, context, app.config.importHeartbeatSeconds)
      : null,
  }

  app.post(
    '/client/tasks/',
    {
      onRequest: requirePermission('client'),
      schema: {
        tags: ['client'],
        summary: 'Make a task from a data file',
        description:
          'multipart/form-data: task_type, file, base_language, target_language, ' +
          'settle_target_lang, and optionally description, metadata (a JSON object of strings), ' +
          'project, deadline (ISO 8601) and start_task. The file is JSON Lines, CSV, a JSON array ' +
          'or a ZIP of one of those with its media files.',
        consumes: ['multipart/form-data'],
        response: { 201: TaskUploadResultSchema },
      },
    },
    async (request, reply) => {
      const upload = await receiveUpload(request, app.media, {
        maxBytes: TASK_UPLOAD_MAX_BYTES,
        extensions: TASK_UPLOAD_EXTENSIONS,
      })
      const result = await createTaskFromUpload(deps, currentUser(request), upload)
      return reply.status(201).send(result)
    },
  )

  app.get(
    '/client/tasks/:id/processing/',
    {
      onRequest: requirePermission('client'),
      schema: {
        tags: ['client'],
        summary: "The import of a task's data file",
        params: v.object({ id: IdParamSchema }),
        response: { 200: TaskProcessingSchema },
      },
    },
    async (request) => processingOf(app.db, currentUser(request), request.params.id),
  )
}
