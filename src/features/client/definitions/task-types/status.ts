import { useLingui } from '@lingui/react/macro'
import type { TaskTypeStatus } from '../../../../../contract/client-definitions'

export const STATUS_COLOURS: Record<TaskTypeStatus, string> = {
  CREATED: 'gray',
  DRAFT: 'yellow',
  ACTIVE: 'green',
}

/** The task type statuses in words. */
export function useStatusLabels(): Record<TaskTypeStatus, string> {
  const { t } = useLingui()
  return { CREATED: t`Created`, DRAFT: t`Draft`, ACTIVE: t`Active` }
}
