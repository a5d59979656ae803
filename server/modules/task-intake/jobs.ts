import type { Tx } from '../../db/client'
import { type JobQueue, transactionConnection } from '../../jobs/queue'
import { abandonImport, type ImportContext, type ImportRequest, importTask } from './import'

export const TASK_IMPORT_QUEUE = 'task-intake.import'
/** Imports that failed on every attempt, or went silent each time (their server was killed). */
export const ABANDONED_IMPORT_QUEUE = 'task-intake.import-abandoned'
/** An import is tried this many more times after its first attempt failed or went silent. */
export const IMPORT_RETRIES = 2

export type ImportJobs = {
  /** Queues the import in the transaction that makes the task, so both exist or neither. */
  enqueue: (tx: Tx, request: ImportRequest) => Promise<void>
  /** Starts this process's worker at once instead of at its next poll. */
  wake: () => void
}

/**
 * The import job. A running import sends heartbeats; one whose process died (kill -9, a power
 * cut) stops sending them, so the queue's supervisor fails the attempt after `heartbeatSeconds`
 * and it is run again from the start (an import begins by removing what an earlier attempt
 * wrote, so a retry never doubles items). After the last attempt the job moves to the abandoned
 * queue, whose worker records the failure on the task: the client sees why and may delete it.
 */
export async function registerImportJobs(
  queue: JobQueue,
  context: ImportContext,
  heartbeatSeconds: number,
): Promise<ImportJobs> {
  const { boss } = queue
  await boss.createQueue(ABANDONED_IMPORT_QUEUE, { retryLimit: IMPORT_RETRIES })
  const options = {
    retryLimit: IMPORT_RETRIES,
    retryDelay: heartbeatSeconds,
    heartbeatSeconds,
    // A bound for an import that is alive but stuck; a large file takes a while.
    expireInSeconds: 6 * 3600,
    deadLetter: ABANDONED_IMPORT_QUEUE,
  }
  await boss.createQueue(TASK_IMPORT_QUEUE, options)
  // A queue made by an earlier version keeps its old options unless they are updated.
  await boss.updateQueue(TASK_IMPORT_QUEUE, options)
  const workerId = await boss.work<ImportRequest>(
    TASK_IMPORT_QUEUE,
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await importTask(context, job.data)
    },
  )
  await boss.work<ImportRequest>(
    ABANDONED_IMPORT_QUEUE,
    { pollingIntervalSeconds: 5 },
    async ([job]) => {
      if (job) {
        await abandonImport(
          context,
          job.data.taskId,
          `The import was given up after ${IMPORT_RETRIES + 1} attempts: the server stopped or failed while it ran. Delete the task and upload the file again.`,
        )
      }
    },
  )
  return {
    enqueue: async (tx, request) => {
      await boss.send(TASK_IMPORT_QUEUE, request, transactionConnection(tx))
    },
    wake: () => boss.notifyWorker(workerId),
  }
}
