import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { TASK_STATUS_TRANSITIONS } from '../../../../contract/client-tasks'
import type { TaskStatus } from '../../../../contract/task-intake'

export const TASK_STATUS_LABELS: Record<TaskStatus, MessageDescriptor> = {
  CREATED: msg`Created`,
  PROCESSING: msg`Processing`,
  IN_PROGRESS: msg`In progress`,
  PAUSED: msg`Paused`,
  FINISHED: msg`Finished`,
  ARCHIVED: msg`Archived`,
}

export const TASK_STATUS_COLOURS: Record<TaskStatus, string> = {
  CREATED: 'gray',
  PROCESSING: 'cyan',
  IN_PROGRESS: 'blue',
  PAUSED: 'yellow',
  FINISHED: 'green',
  ARCHIVED: 'dark',
}

export type StatusAction = {
  to: TaskStatus
  label: MessageDescriptor
  /** Finishing and archiving stop the work on a task, so they are confirmed first. */
  confirm: MessageDescriptor | null
}

/**
 * Names a status change from the contract's transition table: going to IN_PROGRESS is a start
 * from CREATED and a resume from PAUSED; going to FINISHED is an unarchive from ARCHIVED.
 */
function actionFor(from: TaskStatus, to: TaskStatus): StatusAction {
  switch (to) {
    case 'IN_PROGRESS':
      return { to, label: from === 'CREATED' ? msg`Start` : msg`Resume`, confirm: null }
    case 'PAUSED':
      return { to, label: msg`Pause`, confirm: null }
    case 'FINISHED':
      return from === 'ARCHIVED'
        ? { to, label: msg`Unarchive`, confirm: null }
        : {
            to,
            label: msg`Finish`,
            confirm: msg`Workers will no longer get items of this task. You can still archive it afterwards, but not resume it.`,
          }
    case 'ARCHIVED':
      return {
        to,
        label: msg`Archive`,
        confirm: msg`The task moves to the Archived Tasks list. You can unarchive it later.`,
      }
    default:
      return { to, label: TASK_STATUS_LABELS[to], confirm: null }
  }
}

/** The status changes the contract allows from `status`, in the table's order. */
export function statusActions(status: TaskStatus): StatusAction[] {
  return TASK_STATUS_TRANSITIONS[status].map((to) => actionFor(status, to))
}

/** Targets offered for a bulk status change; each task's own rules decide whether it moves. */
export const BULK_STATUS_TARGETS: { to: TaskStatus; label: MessageDescriptor }[] = [
  { to: 'IN_PROGRESS', label: msg`Start or resume` },
  { to: 'PAUSED', label: msg`Pause` },
  { to: 'FINISHED', label: msg`Finish (or unarchive)` },
  { to: 'ARCHIVED', label: msg`Archive` },
]
