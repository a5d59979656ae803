import type { Tx } from '../../db/client'
import { type JobQueue, transactionConnection } from '../../jobs/queue'
import { type ImportContext, type ImportRequest, importTask } from './import'

export const TASK_IMPORT_QUEUE = 'task-intake.import'

export type ImportJobs = {
  /** Queues the import in the transaction that makes the task, so both exist or neither. */
  enqueue: (tx: Tx, request: ImportRequest) => Promise<void>
  /** Starts this process's worker at once instead of at its next poll. */
  wake: () => void
}

export async function registerImportJobs(
  queue: JobQueue,
  context: ImportContext,
): Promise<ImportJobs> {
  const { boss } = queue
  // A large file takes a while; a failed import (a disk or database error) is tried twice more.
  await boss.createQueue(TASK_IMPORT_QUEUE, {
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 6 * 3600,
  })
  const workerId = await boss.work<ImportRequest>(
    TASK_IMPORT_QUEUE,
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await importTask(context, job.data)
    },
  )
  return {
    enqueue: async (tx, request) => {
      await boss.send(TASK_IMPORT_QUEUE, request, transactionConnection(tx))
    },
    wake: () => boss.notifyWorker(workerId),
  }
}
