import {
  IdParamsSchema,
  TaskSchemaCreateSchema,
  TaskSchemaDetailSchema,
  TaskSchemaEntitySchema,
  TaskSchemaListSchema,
  TaskSchemaPatchSchema,
} from '../../../contract/client-definitions'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { createSchema, deleteSchema, patchSchema, schemaReads } from './schema-service'
import { registerVersionedReads } from './versioned-routes'

const tags = ['client']
const onRequest = requirePermission('client')

export const taskSchemaRoutes: AppPlugin = async (app) => {
  registerVersionedReads(
    app,
    '/client/task-schemas',
    { entity: TaskSchemaEntitySchema, list: TaskSchemaListSchema, detail: TaskSchemaDetailSchema },
    { ...schemaReads, remove: deleteSchema },
  )

  app.post(
    '/client/task-schemas/',
    {
      onRequest,
      schema: { tags, body: TaskSchemaCreateSchema, response: { 201: TaskSchemaEntitySchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createSchema(app.db, currentUser(request), request.body)),
  )

  app.patch(
    '/client/task-schemas/:id/',
    {
      onRequest,
      schema: {
        tags,
        params: IdParamsSchema,
        body: TaskSchemaPatchSchema,
        response: { 200: TaskSchemaEntitySchema },
      },
    },
    async (request) => patchSchema(app.db, currentUser(request), request.params.id, request.body),
  )
}
