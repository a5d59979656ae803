import {
  DumpRequestSchema,
  DumpSchema,
  LatestDumpSchema,
  TaskIdParamsSchema,
} from '../../../../contract/client-tasks'
import { currentUser, requirePermission } from '../../../http/guards'
import type { AppPlugin } from '../../../http/valibot'
import { sendStoredFile } from '../../media/storage'
import { appWebhookEvents } from '../../webhooks/events'
import { deleteLatestDump, getLatestDump, latestDumpFile, requestDump } from './dumps'
import { registerExportWorker } from './export-job'

const tags = ['client']
const onRequest = requirePermission('client')
const path = '/client/tasks/:id/dump_async/'

/** Result export: start, watch, download and delete the latest dump of a task. */
export const dumpRoutes: AppPlugin = async (app) => {
  const deps = {
    db: app.db,
    media: app.media,
    logger: app.log,
    jobs: app.jobs,
    events: appWebhookEvents(app),
  }
  if (app.jobs) await registerExportWorker(app.jobs, deps)

  app.post(
    path,
    {
      onRequest,
      schema: {
        tags,
        params: TaskIdParamsSchema,
        body: DumpRequestSchema,
        response: { 201: DumpSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await requestDump(deps, currentUser(request), request.params.id, request.body)),
  )

  app.get(
    path,
    {
      onRequest,
      schema: { tags, params: TaskIdParamsSchema, response: { 200: LatestDumpSchema } },
    },
    async (request, reply) =>
      reply.send(await getLatestDump(deps, currentUser(request), request.params.id)),
  )

  app.delete(
    path,
    { onRequest, schema: { tags, params: TaskIdParamsSchema } },
    async (request, reply) => {
      await deleteLatestDump(deps, currentUser(request), request.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    `${path}file/`,
    {
      onRequest,
      schema: { tags, params: TaskIdParamsSchema },
      // The path stays the same from one dump to the next, so the file must not be cached as the
      // immutable media it is served like.
      onSend: async (_request, reply, payload) => {
        reply.header('Cache-Control', 'private, no-cache')
        return payload
      },
    },
    async (request, reply) => {
      const file = await latestDumpFile(deps, currentUser(request), request.params.id)
      return sendStoredFile(request, reply, app.media, file, { download: true })
    },
  )
}
