import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'
import {
  TASK_UPLOAD_EXTENSIONS,
  TASK_UPLOAD_MAX_BYTES,
  TaskProcessingSchema,
  TaskUploadResultSchema,
} from '../../../contract/task-intake'
import { HttpError } from '../../http/errors'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { removeStoredFile, storeStream } from '../media/storage'
import { registerImportJobs } from './jobs'
import { createTaskFromUpload, type IntakeDeps, processingOf, type ReceivedUpload } from './service'

export const taskIntakeRoutes: AppPlugin = async (app) => {
  const context = {
    db: app.db,
    mediaDir: app.config.mediaDir,
    logger: app.log,
    inflateLimits: app.config.zipInflateLimits,
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
      const upload = await receiveUpload(request, app.config.mediaDir)
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

/**
 * Reads the multipart body, streaming the file straight into media storage (never into memory).
 * A file over the size limit is removed and answered with 413.
 */
async function receiveUpload(request: FastifyRequest, mediaDir: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'validation_error', 'Send the upload as multipart/form-data.')
  }
  const upload: ReceivedUpload = { fields: {}, file: null }
  try {
    for await (const part of request.parts({ limits: { fileSize: TASK_UPLOAD_MAX_BYTES } })) {
      if (part.type === 'field') {
        upload.fields[part.fieldname] = String(part.value)
        continue
      }
      if (part.fieldname !== 'file') {
        part.file.resume()
        throw new HttpError(
          400,
          'validation_error',
          `file: send the file in the part named 'file'.`,
          {
            file: [`The file must be sent in the part named 'file', not '${part.fieldname}'.`],
          },
        )
      }
      const extension = path.extname(part.filename).toLowerCase()
      const stored = await storeStream(
        mediaDir,
        part.file,
        (TASK_UPLOAD_EXTENSIONS as readonly string[]).includes(extension) ? extension : '',
      )
      upload.file = {
        ...stored,
        fileName: part.filename,
        mimeType: part.mimetype || 'application/octet-stream',
      }
      if (part.file.truncated) {
        throw new HttpError(
          413,
          'payload_too_large',
          `The file is larger than the limit of ${TASK_UPLOAD_MAX_BYTES.toLocaleString('en')} bytes.`,
        )
      }
    }
  } catch (error) {
    if (upload.file) await removeStoredFile(mediaDir, upload.file.storageKey)
    throw error
  }
  return upload
}
