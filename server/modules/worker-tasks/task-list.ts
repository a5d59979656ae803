import type { Paged } from '../../../contract/common'
import type { WorkerTask } from '../../../contract/worker'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { countersByTask, counterView } from '../client-tasks/counters'
import { offeredTasks } from './task-queries'

/**
 * The tasks the worker may work on (rules in contract/worker.ts): a task whose share the worker
 * used up is left out, unless they still hold an open set in it.
 */
export async function workerTasks(db: Db, user: SessionUser): Promise<Paged<WorkerTask>> {
  const rows = (await offeredTasks(db, user.id)).filter(
    (row) => row.shareUsed < row.shareCap || row.openItemSetId !== null,
  )
  const counters = await countersByTask(
    db,
    rows.map((row) => row.id),
  )
  const results = rows.map((row): WorkerTask => {
    const view = counterView(counters.get(row.id))
    return {
      id: row.id,
      description: row.description,
      task_type: row.taskType,
      base_language: row.baseLanguage,
      target_language: row.targetLanguage,
      settle_target_lang: row.settleTargetLang,
      encrypt_audio: row.encryptAudio,
      protocol: { ...row.protocol, read: row.protocolRead },
      items_total: view.items.total,
      // A stopped worker can be given nothing, whatever the task still needs.
      items_available_for_me: row.qualityStop === null ? row.availableForMe : 0,
      my_done: row.myDone,
      progress: view.progress,
      my_open_item_set:
        row.openItemSetId !== null && row.openItemSetLock !== null
          ? {
              id: row.openItemSetId,
              lock_expiration_timestamp: row.openItemSetLock.toISOString(),
            }
          : null,
      stop: row.qualityStop === null ? null : { reason: 'LOW_QUALITY', accuracy: row.qualityStop },
    }
  })
  return { count: results.length, next: null, previous: null, results }
}
