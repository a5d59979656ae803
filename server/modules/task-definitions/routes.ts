import type { AppPlugin } from '../../http/valibot'
import { taskProtocolRoutes } from './protocol-routes'
import { taskSchemaRoutes } from './schema-routes'
import { taskTypeRoutes } from './task-type-routes'

/** The client's definitions: task schemas, task protocols and task types, with statistics. */
export const taskDefinitionRoutes: AppPlugin = async (app) => {
  await app.register(taskSchemaRoutes)
  await app.register(taskProtocolRoutes)
  await app.register(taskTypeRoutes)
}
