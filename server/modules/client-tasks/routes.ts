import type { AppPlugin } from '../../http/valibot'
import { dumpRoutes } from './dump-routes'
import { explorerRoutes } from './explorer-routes'
import { taskRoutes } from './task-routes'

/** The client's task monitoring and export calls (contract/client-tasks.ts). */
export const clientTaskRoutes: AppPlugin = async (app) => {
  await app.register(taskRoutes)
  await app.register(explorerRoutes)
  await app.register(dumpRoutes)
}
