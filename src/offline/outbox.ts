import { OutboxEngine } from './engine'
import './operations/annotation-save'
import './operations/item-set-finish'

/** The app's outbox. The shell calls `startOutboxSync()` once, at start-up. */
export const outbox = new OutboxEngine()

export const {
  enqueue,
  subscribe,
  getStatus: getOutboxStatus,
  retryRejection,
  discardRejection,
  hasUnsyncedChanges,
  start: startOutboxSync,
  sync: syncOutbox,
  folded: journalFolded,
} = outbox
