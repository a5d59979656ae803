import type { AppPlugin } from '../../http/valibot'
import { qualityRoutes } from '../quality/quality-routes'
import { cloneRoutes } from './clone/clone-routes'
import { dumpRoutes } from './dumps/dump-routes'
import { explorerRoutes } from './explorer/explorer-routes'
import { statsRoutes } from './stats/stats-routes'
import { taskRoutes } from './tasks/task-routes'

/**
 * The client's task monitoring and export calls (contract/client-tasks.ts), one sub-folder per
 * sub-domain: tasks (list, panel, edits), stats, clone, explorer (annotations explorer and
 * preview) and dumps (exports), plus the task's quality (server/modules/quality).
 */
export const clientTaskRoutes: AppPlugin = async (app) => {
  await app.register(taskRoutes)
  await app.register(statsRoutes)
  await app.register(cloneRoutes)
  await app.register(explorerRoutes)
  await app.register(dumpRoutes)
  await app.register(qualityRoutes)
}
