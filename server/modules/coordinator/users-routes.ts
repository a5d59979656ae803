import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'
import {
  AnonymizedSchema,
  ApprovalCountSchema,
  ApprovalDecisionSchema,
  ApprovalQuerySchema,
  CoordinatorApprovalListSchema,
  CoordinatorApprovalSchema,
  CoordinatorUserAnswerSchema,
  CoordinatorUserOptionsSchema,
  CoordinatorUserPatchSchema,
  CoordinatorUserQuerySchema,
  CoordinatorUserSchema,
  CoordinatorUserStatsSchema,
  QualityReleaseSchema,
  QualityStopListSchema,
} from '../../../contract/coordinator-users'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { releaseQualityStop, userQualityStops } from '../quality/quality-stops'
import { pageEnvelope } from '../task-definitions/listing'
import {
  coordinatorApprovalCount,
  coordinatorApprovals,
  decideProfileApproval,
  removeProfileApproval,
} from './approvals-service'
import {
  actionableUser,
  anonymizeUser,
  coordinatorUserOptions,
  coordinatorUserRefs,
  coordinatorUserStats,
  coordinatorUsers,
  patchCoordinatorUser,
} from './users-service'

const tags = ['coordinator']
const onRequest = requirePermission('coordinator')
const params = v.object({ id: IdParamSchema })

/** The users of the caller's coordination groups (all for staff) and their profile approvals. */
export const coordinatorUserRoutes: AppPlugin = async (app) => {
  app.options(
    '/coordinator/users/',
    { onRequest, schema: { tags, response: { 200: CoordinatorUserOptionsSchema } } },
    async () => coordinatorUserOptions(app.db),
  )

  app.get(
    '/coordinator/users/',
    {
      onRequest,
      schema: {
        tags,
        querystring: CoordinatorUserQuerySchema,
        response: { 200: CoordinatorUserAnswerSchema },
      },
    },
    async (request) => {
      const user = currentUser(request)
      if (request.query.base) return coordinatorUserRefs(app.db, user, request.query)
      const page = await coordinatorUsers(app.db, user, request.query)
      return pageEnvelope(request.url, request.query, page.count, page.results)
    },
  )

  app.get(
    '/coordinator/users/stats/',
    {
      onRequest,
      schema: {
        tags,
        querystring: CoordinatorUserQuerySchema,
        response: { 200: CoordinatorUserStatsSchema },
      },
    },
    async (request) => coordinatorUserStats(app.db, currentUser(request), request.query),
  )

  app.patch(
    '/coordinator/users/:id/',
    {
      onRequest,
      schema: {
        tags,
        params,
        body: CoordinatorUserPatchSchema,
        response: { 200: CoordinatorUserSchema },
      },
    },
    async (request) =>
      patchCoordinatorUser(app.db, currentUser(request), request.params.id, request.body),
  )

  app.put(
    '/coordinator/users/:id/anonymize/',
    { onRequest, schema: { tags, params, response: { 200: AnonymizedSchema } } },
    async (request) =>
      anonymizeUser({ db: app.db, media: app.media }, currentUser(request), request.params.id),
  )

  app.get(
    '/coordinator/users/:id/quality-stops/',
    { onRequest, schema: { tags, params, response: { 200: QualityStopListSchema } } },
    async (request) => {
      const target = await actionableUser(app.db, currentUser(request), request.params.id)
      return userQualityStops(app.db, target.id)
    },
  )

  app.post(
    '/coordinator/users/:id/quality-release/',
    {
      onRequest,
      schema: {
        tags,
        params,
        body: QualityReleaseSchema,
        response: { 200: QualityStopListSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request)
      const target = await actionableUser(app.db, caller, request.params.id)
      return releaseQualityStop(app.db, caller.id, target.id, request.body)
    },
  )

  app.get(
    '/coordinator/profile-approvals/',
    {
      onRequest,
      schema: {
        tags,
        querystring: ApprovalQuerySchema,
        response: { 200: CoordinatorApprovalListSchema },
      },
    },
    async (request) => {
      const page = await coordinatorApprovals(app.db, currentUser(request), request.query)
      return pageEnvelope(request.url, request.query, page.count, page.results)
    },
  )

  app.get(
    '/coordinator/profile-approvals/count/',
    {
      onRequest,
      schema: { tags, querystring: ApprovalQuerySchema, response: { 200: ApprovalCountSchema } },
    },
    async (request) => coordinatorApprovalCount(app.db, currentUser(request), request.query),
  )

  app.patch(
    '/coordinator/profile-approvals/:id/',
    {
      onRequest,
      schema: {
        tags,
        params,
        body: ApprovalDecisionSchema,
        response: { 200: CoordinatorApprovalSchema },
      },
    },
    async (request) =>
      decideProfileApproval(app.db, currentUser(request), request.params.id, request.body),
  )

  app.delete(
    '/coordinator/profile-approvals/:id/',
    { onRequest, schema: { tags, params } },
    async (request, reply) => {
      await removeProfileApproval(app.db, currentUser(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
