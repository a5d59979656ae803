import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { WebhookEvent } from '../../../../contract/webhooks'

/** What each event means, in the user's words. */
export const EVENT_LABELS: Record<WebhookEvent, MessageDescriptor> = {
  'task.import_finished': msg`A task's data file was imported`,
  'task.import_failed': msg`A task's import failed`,
  'task.finished': msg`A task was finished`,
  'task.export_finished': msg`A task's results export is ready`,
  'task.export_failed': msg`A task's results export failed`,
  'quality.worker_stopped': msg`The quality gate stopped a worker`,
}
