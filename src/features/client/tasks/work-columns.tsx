import { Trans } from '@lingui/react/macro'
import type { DataColumn } from '../../../ui/DataTable'
import { formatDateTime, formatDuration } from './format'

type WorkerFigures = { worktime: number; last_annotation: string | null }

/**
 * A worker's work time and last finished annotation, as the task's and the task type's
 * statistics show them; `numeric` aligns the work time with figures aligned right.
 */
export function workColumns<T extends WorkerFigures>({ numeric = false } = {}): DataColumn<T>[] {
  return [
    {
      key: 'worktime',
      header: <Trans>Work time</Trans>,
      cell: (worker) => formatDuration(worker.worktime),
      numeric,
    },
    {
      key: 'last-annotation',
      header: <Trans>Last annotation</Trans>,
      cell: (worker) => (worker.last_annotation ? formatDateTime(worker.last_annotation) : '—'),
    },
  ]
}
