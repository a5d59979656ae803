import {
  IdParamsSchema,
  ProtocolViewQuerySchema,
  ProtocolViewSchema,
  TaskProtocolDetailSchema,
  TaskProtocolEntitySchema,
  TaskProtocolListSchema,
} from '../../../contract/client-definitions'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { sendStoredFile } from '../media/storage'
import {
  createProtocol,
  deleteProtocol,
  patchProtocol,
  protocolPdf,
  protocolReads,
  protocolView,
} from './protocol-service'
import { readProtocolRequest } from './protocol-upload'
import { registerVersionedReads } from './versioned-routes'

const tags = ['client']
const onRequest = requirePermission('client')
/** JSON for text protocols, a multipart form (fields plus `file`) for PDFs. */
const consumes = ['application/json', 'multipart/form-data']

export const taskProtocolRoutes: AppPlugin = async (app) => {
  const mediaStore = app.media

  registerVersionedReads(
    app,
    '/client/task-protocols',
    {
      entity: TaskProtocolEntitySchema,
      list: TaskProtocolListSchema,
      detail: TaskProtocolDetailSchema,
    },
    { ...protocolReads, remove: (db, user, id) => deleteProtocol(db, user, mediaStore, id) },
  )

  app.post(
    '/client/task-protocols/',
    { onRequest, schema: { tags, consumes, response: { 201: TaskProtocolEntitySchema } } },
    async (request, reply) => {
      const upload = await readProtocolRequest(request, mediaStore)
      const protocol = await createProtocol(app.db, currentUser(request), mediaStore, upload)
      return reply.code(201).send(protocol)
    },
  )

  app.patch(
    '/client/task-protocols/:id/',
    {
      onRequest,
      schema: {
        tags,
        consumes,
        params: IdParamsSchema,
        response: { 200: TaskProtocolEntitySchema },
      },
    },
    async (request) => {
      const upload = await readProtocolRequest(request, mediaStore)
      return patchProtocol(app.db, currentUser(request), mediaStore, request.params.id, upload)
    },
  )

  // The public protocol view (spec: no sign-in): the text and diff, or with serve=true the PDF.
  app.get(
    '/media/protocols/:id/',
    {
      schema: {
        tags: ['media'],
        params: IdParamsSchema,
        querystring: ProtocolViewQuerySchema,
        response: { 200: ProtocolViewSchema },
      },
    },
    async (request, reply) => {
      if (!request.query.serve) return protocolView(app.db, request.params.id)
      const file = await protocolPdf(app.db, request.params.id)
      return sendStoredFile(request, reply, mediaStore, file)
    },
  )
}
