import type { AppPlugin } from '../http/valibot'
import { accountRoutes } from './account/routes'
import { adminRoutes } from './admin/routes'
import { apiIndexRoutes } from './api-index/routes'
import { apiTokenRoutes } from './auth/api-tokens/routes'
import { authRoutes } from './auth/routes'
import { clientGroupRoutes } from './client-groups/routes'
import { clientPickerRoutes } from './client-pickers/routes'
import { clientTaskRoutes } from './client-tasks/routes'
import { coordinatorItemSetRoutes } from './coordinator/item-sets-routes'
import { coordinatorKeyRoutes } from './coordinator/keys-routes'
import { coordinatorRoutes } from './coordinator/routes'
import { coordinatorUserRoutes } from './coordinator/users-routes'
import { financeRoutes } from './finance/routes'
import { instanceRoutes } from './instance/routes'
import { languageRoutes } from './languages/routes'
import { mediaLicenseRoutes } from './media/license-routes'
import { feedbackRoutes } from './review/feedback-routes'
import { reviewRoutes } from './review/routes'
import { taskDefinitionRoutes } from './task-definitions/routes'
import { taskIntakeRoutes } from './task-intake/routes'
import { worktimeExportRoutes } from './timelogs/export-routes'
import { timelogRoutes } from './timelogs/routes'
import { webhookRoutes } from './webhooks/routes'
import { workerTaskRoutes } from './worker-tasks/routes'

/** Every API module, registered under /api by the app builder. */
export const apiModules: AppPlugin[] = [
  apiIndexRoutes,
  authRoutes,
  apiTokenRoutes,
  accountRoutes,
  instanceRoutes,
  languageRoutes,
  coordinatorRoutes,
  clientGroupRoutes,
  clientPickerRoutes,
  taskDefinitionRoutes,
  // Before the modules that emit events: their job workers may start emitting at once.
  webhookRoutes,
  taskIntakeRoutes,
  clientTaskRoutes,
  workerTaskRoutes,
  coordinatorItemSetRoutes,
  coordinatorKeyRoutes,
  coordinatorUserRoutes,
  reviewRoutes,
  feedbackRoutes,
  mediaLicenseRoutes,
  financeRoutes,
  timelogRoutes,
  worktimeExportRoutes,
  adminRoutes,
]
