import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'
import {
  CoordinationGroupListSchema,
  CoordinatorCountersSchema,
} from '../../../contract/coordinator'
import {
  GroupMembersPatchSchema,
  GroupWithMembersListSchema,
  GroupWithMembersSchema,
  NamedRefListSchema,
} from '../../../contract/coordinator-users'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { groupsWithMembers, projectRefs, setGroupMembers, taskTypeRefs } from './groups-service'
import { coordinationGroups, coordinatorCounters } from './service'

const tags = ['coordinator']
const onRequest = requirePermission('coordinator')

export const coordinatorRoutes: AppPlugin = async (app) => {
  app.get(
    '/coordinator/counters/',
    {
      onRequest: requirePermission('coordinator'),
      schema: { tags: ['coordinator'], response: { 200: CoordinatorCountersSchema } },
    },
    async (request) => coordinatorCounters(app.db, currentUser(request)),
  )

  app.get(
    '/coordinator/groups/',
    {
      onRequest: requirePermission('coordinator'),
      schema: { tags: ['coordinator'], response: { 200: CoordinationGroupListSchema } },
    },
    async (request) => coordinationGroups(app.db, currentUser(request)),
  )

  app.get(
    '/coordinator/groups-all/',
    { onRequest, schema: { tags, response: { 200: GroupWithMembersListSchema } } },
    async (request) => groupsWithMembers(app.db, currentUser(request)),
  )

  app.patch(
    '/coordinator/groups-all/:id/',
    {
      onRequest,
      schema: {
        tags,
        params: v.object({ id: IdParamSchema }),
        body: GroupMembersPatchSchema,
        response: { 200: GroupWithMembersSchema },
      },
    },
    async (request) =>
      setGroupMembers(app.db, currentUser(request), request.params.id, request.body),
  )

  app.get(
    '/coordinator/task-types/',
    { onRequest, schema: { tags, response: { 200: NamedRefListSchema } } },
    async (request) => taskTypeRefs(app.db, currentUser(request)),
  )

  app.get(
    '/coordinator/projects/',
    { onRequest, schema: { tags, response: { 200: NamedRefListSchema } } },
    async (request) => projectRefs(app.db, currentUser(request)),
  )
}
