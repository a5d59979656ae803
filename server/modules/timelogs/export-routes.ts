import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'
import {
  WorktimeExportDetailSchema,
  WorktimeExportInputSchema,
  WorktimeExportListQuerySchema,
  WorktimeExportListSchema,
  WorktimeExportSchema,
  WorktimeExportStatsSchema,
} from '../../../contract/timelogs'
import { currentUser, requirePermission } from '../../http/guards'
import { pageEnvelope } from '../../http/paging'
import type { AppPlugin } from '../../http/valibot'
import { sendStoredFile } from '../media/storage'
import { registerWorktimeExportWorker } from './export-job'
import {
  createWorktimeExport,
  getWorktimeExport,
  removeWorktimeExport,
  worktimeExportCounts,
  worktimeExportFile,
  worktimeExportPage,
} from './export-service'

const tags = ['coordinator']
const onRequest = requirePermission('coordinator')
const path = '/coordinator/worktime-exports/'
const params = v.object({ id: IdParamSchema })

/** Work-time exports: approved time per user over a range, made as background jobs. */
export const worktimeExportRoutes: AppPlugin = async (app) => {
  const deps = { db: app.db, media: app.media, logger: app.log, jobs: app.jobs }
  if (app.jobs) await registerWorktimeExportWorker(app.jobs, deps)

  app.post(
    path,
    {
      onRequest,
      schema: { tags, body: WorktimeExportInputSchema, response: { 201: WorktimeExportSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createWorktimeExport(deps, currentUser(request), request.body)),
  )

  app.get(
    path,
    {
      onRequest,
      schema: {
        tags,
        querystring: WorktimeExportListQuerySchema,
        response: { 200: WorktimeExportListSchema },
      },
    },
    async (request) => {
      const { count, results } = await worktimeExportPage(deps, currentUser(request), request.query)
      return pageEnvelope(request, request.query, count, results)
    },
  )

  app.get(
    `${path}stats/`,
    { onRequest, schema: { tags, response: { 200: WorktimeExportStatsSchema } } },
    async (request) => worktimeExportCounts(deps, currentUser(request)),
  )

  app.get(
    `${path}:id/`,
    { onRequest, schema: { tags, params, response: { 200: WorktimeExportDetailSchema } } },
    async (request) => getWorktimeExport(deps, currentUser(request), request.params.id),
  )

  app.delete(`${path}:id/`, { onRequest, schema: { tags, params } }, async (request, reply) => {
    await removeWorktimeExport(deps, currentUser(request), request.params.id)
    return reply.code(204).send()
  })

  app.get(
    `${path}:id/download/`,
    { onRequest, schema: { tags, params } },
    async (request, reply) => {
      const file = await worktimeExportFile(deps, currentUser(request), request.params.id)
      return sendStoredFile(request, reply, app.media, file, { download: true })
    },
  )
}
