import type { FastifyRequest } from 'fastify'
import { MediaQuerySchema } from '../../../contract/media'
import {
  CountSchema,
  GIVEN_MARKS,
  LockedItemQuerySchema,
  LockRequestSchema,
  ReviewedItemListSchema,
  ReviewedItemOptionsSchema,
  ReviewedItemQuerySchema,
  ReviewedItemSchema,
  ReviewerStatsSchema,
  ReviewIdParamsSchema,
  ReviewItemListSchema,
  ReviewItemOptionsSchema,
  ReviewItemQuerySchema,
  ReviewMediaParamsSchema,
  ReviewPatchSchema,
  ReviewTaskListSchema,
  ReviewTaskOptionsSchema,
  ReviewTaskQuerySchema,
  ReviewTaskSchema,
} from '../../../contract/review'
import { currentUser, requirePermission } from '../../http/guards'
import { idempotencyOf, sendAnswer } from '../../http/idempotency'
import { type PageRequest, pageEnvelope } from '../../http/paging'
import type { AppPlugin } from '../../http/valibot'
import { sendItemMedia } from '../media/item-media'
import {
  amendReview,
  gradeLockedItem,
  lockedItemCount,
  lockedItemMedia,
  lockedItems,
  reviewedItem,
  reviewedItemMedia,
  reviewedItems,
  reviewPool,
  takeReviewItems,
} from './reviewer-service'
import { reviewerStats } from './stats-service'
import { reviewTask, reviewTaskChoices, reviewTasks } from './task-service'

const tags = ['review']
const mediaSchema = {
  tags: ['media'],
  params: ReviewMediaParamsSchema,
  querystring: MediaQuerySchema,
}
const onRequest = requirePermission('reviewer')

const paged =
  <T>(request: FastifyRequest, page: PageRequest) =>
  ({ count, results }: { count: number; results: T[] }) =>
    pageEnvelope(request, page, count, results)

/** The reviewer's calls (spec section 7, Review); feedback-routes.ts has the worker's. */
export const reviewRoutes: AppPlugin = async (app) => {
  const mediaStore = app.media

  /** A PATCH of a grade, through the outbox with an Idempotency-Key. */
  const gradingRoute = (path: string, grade: typeof gradeLockedItem) =>
    app.patch(
      path,
      {
        onRequest,
        schema: {
          tags,
          params: ReviewIdParamsSchema,
          body: ReviewPatchSchema,
          response: { 200: ReviewedItemSchema },
        },
      },
      async (request, reply) => {
        const answer = await grade(app.db, currentUser(request), {
          id: request.params.id,
          patch: request.body,
          idempotency: idempotencyOf(request),
        })
        return sendAnswer(reply, answer)
      },
    )

  app.options(
    '/review/items/',
    { onRequest, schema: { tags, response: { 200: ReviewItemOptionsSchema } } },
    async (request) => reviewTaskChoices(app.db, currentUser(request)),
  )
  app.get(
    '/review/items/',
    {
      onRequest,
      schema: { tags, querystring: ReviewItemQuerySchema, response: { 200: ReviewItemListSchema } },
    },
    async (request) =>
      reviewPool(app.db, currentUser(request), request.query).then(paged(request, request.query)),
  )

  app.get(
    '/review/locked-items/',
    {
      onRequest,
      schema: {
        tags,
        querystring: LockedItemQuerySchema,
        response: { 200: ReviewedItemListSchema },
      },
    },
    async (request) =>
      lockedItems(app.db, currentUser(request), request.query).then(paged(request, request.query)),
  )
  app.get(
    '/review/locked-items/count/',
    { onRequest, schema: { tags, response: { 200: CountSchema } } },
    async (request) => lockedItemCount(app.db, currentUser(request)),
  )
  app.post(
    '/review/locked-items/',
    {
      onRequest,
      schema: { tags, body: LockRequestSchema, response: { 200: ReviewedItemListSchema } },
    },
    async (request) =>
      takeReviewItems(app.db, currentUser(request), request.body.task).then(({ count, results }) =>
        pageEnvelope(request, { offset: 0, limit: Math.max(count, 1) }, count, results),
      ),
  )
  gradingRoute('/review/locked-items/:id/', gradeLockedItem)
  app.get(
    '/review/locked-items/:id/media/:itemId/:uuid/',
    { onRequest, schema: mediaSchema },
    async (request, reply) => {
      const media = await lockedItemMedia(app.db, currentUser(request), request.params)
      return sendItemMedia(request, reply, mediaStore, media, request.query)
    },
  )

  app.options(
    '/review/reviewed-items/',
    { onRequest, schema: { tags, response: { 200: ReviewedItemOptionsSchema } } },
    async (request) => {
      const { tasks } = await reviewTaskChoices(app.db, currentUser(request))
      return { tasks, marks: [...GIVEN_MARKS] }
    },
  )
  app.get(
    '/review/reviewed-items/',
    {
      onRequest,
      schema: {
        tags,
        querystring: ReviewedItemQuerySchema,
        response: { 200: ReviewedItemListSchema },
      },
    },
    async (request) =>
      reviewedItems(app.db, currentUser(request), request.query).then(
        paged(request, request.query),
      ),
  )
  app.get(
    '/review/reviewed-items/:id/',
    {
      onRequest,
      schema: { tags, params: ReviewIdParamsSchema, response: { 200: ReviewedItemSchema } },
    },
    async (request) => reviewedItem(app.db, currentUser(request), request.params.id),
  )
  gradingRoute('/review/reviewed-items/:id/', amendReview)
  app.get(
    '/review/reviewed-items/:id/media/:itemId/:uuid/',
    { onRequest, schema: mediaSchema },
    async (request, reply) => {
      const media = await reviewedItemMedia(app.db, currentUser(request), request.params)
      return sendItemMedia(request, reply, mediaStore, media, request.query)
    },
  )

  app.options(
    '/review/tasks/',
    { onRequest, schema: { tags, response: { 200: ReviewTaskOptionsSchema } } },
    async (request) => {
      const { tasks: _tasks, ...choices } = await reviewTaskChoices(app.db, currentUser(request))
      return choices
    },
  )
  app.get(
    '/review/tasks/',
    {
      onRequest,
      schema: { tags, querystring: ReviewTaskQuerySchema, response: { 200: ReviewTaskListSchema } },
    },
    async (request) =>
      reviewTasks(app.db, currentUser(request), request.query).then(paged(request, request.query)),
  )
  app.get(
    '/review/tasks/:id/',
    {
      onRequest,
      schema: { tags, params: ReviewIdParamsSchema, response: { 200: ReviewTaskSchema } },
    },
    async (request) => reviewTask(app.db, currentUser(request), request.params.id),
  )

  app.get(
    '/review/reviewer-stats/',
    { onRequest, schema: { tags, response: { 200: ReviewerStatsSchema } } },
    async (request) => reviewerStats(app.db, currentUser(request)),
  )
}
