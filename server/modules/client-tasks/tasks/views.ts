import type { Dump, Task } from '../../../../contract/client-tasks'
import { API_BASE } from '../../../../contract/constants'
import { isoOrNull } from '../../../db/raw-rows'
import { type CounterRow, counterView } from '../counters'
import { optionsOfDump } from '../dumps/dump-options'
import type { DumpRow } from '../dumps/dump-queries'
import type { TaskRow } from './task-queries'

/** Only the latest dump of a task is served, at a path that names the task only. */
export const dumpFileUrl = (taskId: number) => `${API_BASE}/client/tasks/${taskId}/dump_async/file/`

export function toDump({ dump, author }: DumpRow): Dump {
  return {
    id: dump.id,
    task: dump.taskId,
    author,
    file: dump.status === 'FINISHED' && dump.filePath ? dumpFileUrl(dump.taskId) : null,
    created_timestamp: dump.createdAt.toISOString(),
    processed_timestamp: isoOrNull(dump.processedAt),
    status: dump.status,
    error: dump.error,
    format: dump.format,
    progress: dump.progress,
    task_progress: dump.taskProgress,
    task_status: dump.taskStatus,
    ...optionsOfDump(dump),
  }
}

/** The spec's Task; `now` is when its counters were computed. */
export function toTask(
  row: TaskRow,
  counters: CounterRow | undefined,
  dump: DumpRow | undefined,
  now: Date,
): Task {
  const { task } = row
  const lastAnnotation = isoOrNull(counters?.last_activity)
  const lastRecorded = isoOrNull(task.lastActivity)
  return {
    id: task.id,
    description: task.description,
    status: task.status,
    created_timestamp: task.createdAt.toISOString(),
    start_timestamp: isoOrNull(task.startedAt),
    end_timestamp: isoOrNull(task.endedAt),
    author: row.author,
    task_type: {
      id: row.taskType.id,
      name: row.taskType.name,
      annotations_per_item: row.taskType.annotationsPerItem,
      status: row.taskType.status,
      client_group: {
        id: row.clientGroup.id,
        name: row.clientGroup.name,
        full_name: row.clientGroup.fullName,
      },
    },
    project: row.project,
    local_parameters: task.localParameters,
    deadline: isoOrNull(task.deadline),
    base_language: row.baseLanguage,
    target_language: row.targetLanguage,
    settle_target_lang: task.settleTargetLang,
    schema: row.schema,
    protocol: row.protocol,
    is_fixed_sets: task.isFixedSets,
    download_enabled: task.downloadEnabled,
    encrypt_audio: task.encryptAudio,
    items_per_set: task.itemsPerSet,
    max_items_per_user: task.maxItemsPerUser,
    metadata: task.metadata,
    ...counterView(counters),
    last_stats_recalculation: now.toISOString(),
    // ISO strings of one format compare in time order.
    last_activity:
      lastAnnotation && lastRecorded
        ? [lastAnnotation, lastRecorded].sort().at(-1)!
        : (lastAnnotation ?? lastRecorded),
    latest_dump: dump ? toDump(dump) : null,
  }
}
