import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'
import {
  ActivityBatchInputSchema,
  ActivityBatchReceiptSchema,
  ActivityReceiptSchema,
  ActivitySampleInputSchema,
  ActivityTransitionInputSchema,
  BulkDecisionResultSchema,
  BulkIntervalDecisionSchema,
  FlatIntervalListSchema,
  IntervalCountSchema,
  IntervalDaysSchema,
  IntervalDecisionSchema,
  IntervalFilterQuerySchema,
  IntervalListQuerySchema,
  IntervalListSchema,
  IntervalOptionsSchema,
  ManualIntervalInputSchema,
  OwnPendingCountSchema,
  StatsQuerySchema,
  TimeLogIntervalSchema,
  TimelogStatsSchema,
} from '../../../contract/timelogs'
import { currentUser, requirePermission, requireUser } from '../../http/guards'
import { pageEnvelope } from '../../http/paging'
import type { AppPlugin } from '../../http/valibot'
import { submitSamples, submitTransition } from './activity-service'
import { decide, decideOne, removeInterval } from './decision-service'
import {
  activeDays,
  flatIntervalPage,
  intervalCount,
  intervalPage,
  ownPendingCount,
  timelogStats,
} from './interval-service'
import { createManualInterval, intervalOptions } from './manual-interval-service'
import { logScopeOf } from './scope'

const tags = ['timelogs']
const onRequest = requireUser
const params = v.object({ id: IdParamSchema })

/** Activity from the tracker, the time-log lists and stats, and coordinators' decisions. */
export const timelogRoutes: AppPlugin = async (app) => {
  app.post(
    '/timelogs/submit-activity/',
    {
      onRequest,
      schema: {
        tags,
        body: ActivitySampleInputSchema,
        response: { 200: ActivityReceiptSchema, 201: ActivityReceiptSchema },
      },
    },
    async (request, reply) => {
      const [receipt] = await submitSamples(app.db, currentUser(request).id, [request.body])
      return reply.code(receipt?.replayed ? 200 : 201).send(receipt)
    },
  )

  app.post(
    '/timelogs/submit-activity/batch/',
    {
      onRequest,
      schema: {
        tags,
        body: ActivityBatchInputSchema,
        response: { 200: ActivityBatchReceiptSchema, 201: ActivityBatchReceiptSchema },
      },
    },
    async (request, reply) => {
      const receipts = await submitSamples(
        app.db,
        currentUser(request).id,
        request.body.samples,
        request.body.sent_at,
      )
      const stored = receipts.filter((receipt) => !receipt.replayed).length
      return reply
        .code(stored > 0 ? 201 : 200)
        .send({ stored, replayed: receipts.length - stored, receipts })
    },
  )

  app.post(
    '/timelogs/submit-activity-transition/',
    {
      onRequest,
      schema: {
        tags,
        body: ActivityTransitionInputSchema,
        response: { 200: ActivityReceiptSchema, 201: ActivityReceiptSchema },
      },
    },
    async (request, reply) => {
      const receipt = await submitTransition(app.db, currentUser(request).id, request.body)
      return reply.code(receipt.replayed ? 200 : 201).send(receipt)
    },
  )

  app.options(
    '/timelogs/intervals/',
    { onRequest, schema: { tags, response: { 200: IntervalOptionsSchema } } },
    async (request) => intervalOptions(app.db, currentUser(request).id),
  )

  app.post(
    '/timelogs/intervals/',
    {
      onRequest,
      schema: { tags, body: ManualIntervalInputSchema, response: { 201: TimeLogIntervalSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createManualInterval(app.db, currentUser(request).id, request.body)),
  )

  app.get(
    '/timelogs/intervals/',
    {
      onRequest,
      schema: {
        tags,
        querystring: IntervalListQuerySchema,
        response: { 200: v.union([IntervalListSchema, FlatIntervalListSchema]) },
      },
    },
    async (request) => {
      const scope = logScopeOf(currentUser(request))
      if (request.query.flat) {
        const { count, results } = await flatIntervalPage(app.db, scope, request.query)
        return pageEnvelope(request, request.query, count, results)
      }
      const { count, results } = await intervalPage(app.db, scope, request.query)
      return pageEnvelope(request, request.query, count, results)
    },
  )

  app.get(
    '/timelogs/intervals/count/',
    {
      onRequest,
      schema: {
        tags,
        querystring: IntervalFilterQuerySchema,
        response: { 200: IntervalCountSchema },
      },
    },
    async (request) => intervalCount(app.db, logScopeOf(currentUser(request)), request.query),
  )

  for (const [path, pendingOnly] of [
    ['/timelogs/intervals/active-days/', false],
    ['/timelogs/intervals/pending-days/', true],
  ] as const) {
    app.get(
      path,
      {
        onRequest,
        schema: {
          tags,
          querystring: IntervalFilterQuerySchema,
          response: { 200: IntervalDaysSchema },
        },
      },
      async (request) =>
        activeDays(app.db, logScopeOf(currentUser(request)), request.query, pendingOnly),
    )
  }

  app.get(
    '/timelogs/intervals/own-pending-count/',
    { onRequest, schema: { tags, response: { 200: OwnPendingCountSchema } } },
    async (request) => ownPendingCount(app.db, currentUser(request).id),
  )

  app.patch(
    '/timelogs/intervals/:id/',
    {
      onRequest: requirePermission('coordinator'),
      schema: {
        tags,
        params,
        body: IntervalDecisionSchema,
        response: { 200: TimeLogIntervalSchema },
      },
    },
    async (request) =>
      decideOne(app.db, logScopeOf(currentUser(request)), request.params.id, request.body),
  )

  app.post(
    '/timelogs/intervals/bulk-status/',
    {
      onRequest: requirePermission('coordinator'),
      schema: {
        tags,
        body: BulkIntervalDecisionSchema,
        response: { 200: BulkDecisionResultSchema },
      },
    },
    async (request) => decide(app.db, logScopeOf(currentUser(request)), request.body),
  )

  app.delete(
    '/timelogs/intervals/:id/',
    { onRequest, schema: { tags, params } },
    async (request, reply) => {
      await removeInterval(app.db, logScopeOf(currentUser(request)), request.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/timelogs/stats/',
    {
      onRequest,
      schema: { tags, querystring: StatsQuerySchema, response: { 200: TimelogStatsSchema } },
    },
    async (request) => timelogStats(app.db, logScopeOf(currentUser(request)), request.query),
  )
}
