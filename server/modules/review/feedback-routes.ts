import { MediaQuerySchema } from '../../../contract/media'
import {
  FeedbackItemOptionsQuerySchema,
  FeedbackItemOptionsSchema,
  FeedbackItemQuerySchema,
  FeedbackStatsSchema,
  FeedbackTaskListSchema,
  FeedbackTaskQuerySchema,
  FeedbackTaskSchema,
  ReviewedItemListSchema,
  ReviewedItemSchema,
  ReviewIdParamsSchema,
  ReviewMediaParamsSchema,
  ReviewTaskOptionsSchema,
} from '../../../contract/review'
import { currentUser, requirePermission } from '../../http/guards'
import { pageEnvelope } from '../../http/paging'
import type { AppPlugin } from '../../http/valibot'
import { sendItemMedia } from '../media/item-media'
import {
  feedbackItem,
  feedbackItemChoices,
  feedbackItemMedia,
  feedbackItems,
  feedbackTask,
  feedbackTaskChoices,
  feedbackTasks,
} from './feedback-service'
import { feedbackStats } from './stats-service'

const tags = ['feedback']
const onRequest = requirePermission('endworker')

/** The worker's feedback: their graded annotations and their MOS. */
export const feedbackRoutes: AppPlugin = async (app) => {
  const mediaStore = app.media

  app.get(
    '/review/feedback/stats/',
    { onRequest, schema: { tags, response: { 200: FeedbackStatsSchema } } },
    async (request) => feedbackStats(app.db, currentUser(request)),
  )

  app.options(
    '/review/feedback/tasks/',
    { onRequest, schema: { tags, response: { 200: ReviewTaskOptionsSchema } } },
    async (request) => feedbackTaskChoices(app.db, currentUser(request)),
  )
  app.get(
    '/review/feedback/tasks/',
    {
      onRequest,
      schema: {
        tags,
        querystring: FeedbackTaskQuerySchema,
        response: { 200: FeedbackTaskListSchema },
      },
    },
    async (request) => {
      const { count, results } = await feedbackTasks(app.db, currentUser(request), request.query)
      return pageEnvelope(request, request.query, count, results)
    },
  )
  app.get(
    '/review/feedback/tasks/:id/',
    {
      onRequest,
      schema: { tags, params: ReviewIdParamsSchema, response: { 200: FeedbackTaskSchema } },
    },
    async (request) => feedbackTask(app.db, currentUser(request), request.params.id),
  )

  app.options(
    '/review/feedback/items/',
    {
      onRequest,
      schema: {
        tags,
        querystring: FeedbackItemOptionsQuerySchema,
        response: { 200: FeedbackItemOptionsSchema },
      },
    },
    async (request) => feedbackItemChoices(app.db, currentUser(request), request.query.task),
  )
  app.get(
    '/review/feedback/items/',
    {
      onRequest,
      schema: {
        tags,
        querystring: FeedbackItemQuerySchema,
        response: { 200: ReviewedItemListSchema },
      },
    },
    async (request) => {
      const { count, results } = await feedbackItems(app.db, currentUser(request), request.query)
      return pageEnvelope(request, request.query, count, results)
    },
  )
  app.get(
    '/review/feedback/items/:id/',
    {
      onRequest,
      schema: { tags, params: ReviewIdParamsSchema, response: { 200: ReviewedItemSchema } },
    },
    async (request) => feedbackItem(app.db, currentUser(request), request.params.id),
  )
  app.get(
    '/review/feedback/items/:id/media/:itemId/:uuid/',
    {
      onRequest,
      schema: { tags: ['media'], params: ReviewMediaParamsSchema, querystring: MediaQuerySchema },
    },
    async (request, reply) => {
      const media = await feedbackItemMedia(app.db, currentUser(request), request.params)
      return sendItemMedia(request, reply, mediaStore, media, request.query)
    },
  )
}
