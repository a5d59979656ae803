import type { FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'
import {
  FinanceExportDetailSchema,
  FinanceExportInputSchema,
  FinanceExportListSchema,
  FinanceExportSchema,
  FinanceOptionsSchema,
  FinanceUserListSchema,
  FinanceUserSearchSchema,
  MASTER_FILE_COLUMNS,
  MASTER_FILE_MAX_BYTES,
  MasterFileListSchema,
  MasterFileSchema,
  PageQuerySchema,
  RatioIntervalDeleteQuerySchema,
  RatioIntervalEndSchema,
  RatioIntervalInputSchema,
  RatioIntervalListQuerySchema,
  RatioIntervalListSchema,
  RatioIntervalSchema,
} from '../../../contract/finance'
import { currentUser, requirePermission } from '../../http/guards'
import { pageEnvelope } from '../../http/paging'
import type { AppPlugin } from '../../http/valibot'
import { sendStoredFile } from '../media/storage'
import { receiveUpload } from '../media/upload'
import {
  financeExportDetail,
  financeExportFile,
  financeExports,
  registerFinanceExportWorker,
  requestFinanceExport,
} from './exports'
import { loadMasterFile, masterFiles } from './master-files'
import { filterOptions, searchUsers } from './picker-queries'
import {
  createRatioInterval,
  endRatioInterval,
  ratioIntervals,
  removeRatioInterval,
  replaceRatioInterval,
} from './ratio-intervals'

const tags = ['finance']
const onRequest = requirePermission('finance_manager')
const params = v.object({ id: IdParamSchema })

const pageOf = <T>(
  request: FastifyRequest<{ Querystring: { offset: number; limit: number } }>,
  page: { count: number; results: T[] },
) => pageEnvelope(request, request.query, page.count, page.results)

/** Pay ratios, master files and finance exports: finance managers (and staff) only. */
export const financeRoutes: AppPlugin = async (app) => {
  const deps = { db: app.db, media: app.media, logger: app.log, jobs: app.jobs }
  if (app.jobs) await registerFinanceExportWorker(app.jobs, deps)

  app.get(
    '/finance/users/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Users to pick, by username, e-mail or name, or by id',
        querystring: FinanceUserSearchSchema,
        response: { 200: FinanceUserListSchema },
      },
    },
    async (request) => searchUsers(app.db, request.query.search, request.query.ids),
  )

  app.get(
    '/finance/options/',
    { onRequest, schema: { tags, response: { 200: FinanceOptionsSchema } } },
    async () => filterOptions(app.db),
  )

  app.get(
    '/finance/ratio-intervals/',
    {
      onRequest,
      schema: {
        tags,
        querystring: RatioIntervalListQuerySchema,
        response: { 200: RatioIntervalListSchema },
      },
    },
    async (request) => pageOf(request, await ratioIntervals(app.db, request.query)),
  )

  app.post(
    '/finance/ratio-intervals/',
    {
      onRequest,
      schema: {
        tags,
        summary: "Add a ratio interval; the user's open interval it starts in is closed",
        body: RatioIntervalInputSchema,
        response: { 201: RatioIntervalSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createRatioInterval(app.db, currentUser(request).id, request.body)),
  )

  app.put(
    '/finance/ratio-intervals/:id/',
    {
      onRequest,
      schema: {
        tags,
        params,
        body: RatioIntervalInputSchema,
        response: { 200: RatioIntervalSchema },
      },
    },
    async (request) => replaceRatioInterval(app.db, request.params.id, request.body),
  )

  app.post(
    '/finance/ratio-intervals/:id/end/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'End a ratio interval on a day (its last day)',
        params,
        body: RatioIntervalEndSchema,
        response: { 200: RatioIntervalSchema },
      },
    },
    async (request) => endRatioInterval(app.db, request.params.id, request.body),
  )

  app.delete(
    '/finance/ratio-intervals/:id/',
    { onRequest, schema: { tags, params, querystring: RatioIntervalDeleteQuerySchema } },
    async (request, reply) => {
      await removeRatioInterval(app.db, request.params.id, request.query.correct_exported)
      return reply.code(204).send()
    },
  )

  app.get(
    '/finance/master-files/',
    {
      onRequest,
      schema: { tags, querystring: PageQuerySchema, response: { 200: MasterFileListSchema } },
    },
    async (request) => pageOf(request, await masterFiles(app.db, request.query)),
  )

  app.post(
    '/finance/master-files/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Upload a master file of ratio intervals',
        description: `multipart/form-data with a UTF-8 CSV in the part 'file', at most ${MASTER_FILE_MAX_BYTES} bytes, with the header ${MASTER_FILE_COLUMNS.join(',')}. A file with any error loads nothing; the answer lists every warning and error by line.`,
        consumes: ['multipart/form-data'],
        response: { 201: MasterFileSchema },
      },
    },
    async (request, reply) => {
      const upload = await receiveUpload(request, app.media, {
        maxBytes: MASTER_FILE_MAX_BYTES,
        extensions: ['.csv'],
      })
      return reply.code(201).send(await loadMasterFile(deps, currentUser(request).id, upload))
    },
  )

  app.get(
    '/finance/exports/',
    {
      onRequest,
      schema: { tags, querystring: PageQuerySchema, response: { 200: FinanceExportListSchema } },
    },
    async (request) => pageOf(request, await financeExports(app.db, request.query)),
  )

  app.post(
    '/finance/exports/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Start a finance export of a period',
        body: FinanceExportInputSchema,
        response: { 201: FinanceExportSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await requestFinanceExport(deps, currentUser(request).id, request.body)),
  )

  app.get(
    '/finance/exports/:id/',
    { onRequest, schema: { tags, params, response: { 200: FinanceExportDetailSchema } } },
    async (request) => financeExportDetail(app.db, request.params.id),
  )

  app.get(
    '/finance/exports/:id/download/',
    { onRequest, schema: { tags, params } },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        app.media,
        await financeExportFile(app.db, request.params.id),
        { download: true },
      ),
  )
}
