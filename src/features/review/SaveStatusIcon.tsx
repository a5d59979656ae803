import { useLingui } from '@lingui/react/macro'
import { Loader, ThemeIcon, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react'
import type { OutboxError } from '../../offline/db'
import { saveProblemLabel } from './save-problem'
import type { SaveStatus } from './useReviewCard'

/** The spec's save-status indicator of a review card, with its tooltips. */
export function SaveStatusIcon({
  status,
  problem,
}: {
  status: SaveStatus
  problem: OutboxError | null
}) {
  const { t, i18n } = useLingui()
  if (status === 'initialized') return null
  if (status === 'saving') {
    const label = t`Review is being processed`
    return (
      <Tooltip label={label}>
        <Loader size="xs" aria-label={label} data-save-status="saving" />
      </Tooltip>
    )
  }
  if (status === 'saved') {
    const label = t`Your review was validated and saved in the database`
    return (
      <Tooltip label={label}>
        <ThemeIcon
          color="green"
          variant="light"
          size="sm"
          aria-label={label}
          data-save-status="saved"
        >
          <IconCheck size={14} aria-hidden />
        </ThemeIcon>
      </Tooltip>
    )
  }
  const label = problem ? saveProblemLabel(i18n, problem) : t`Unknown error`
  return (
    <Tooltip label={label}>
      <ThemeIcon color="red" variant="light" size="sm" aria-label={label} data-save-status={status}>
        <IconAlertTriangle size={14} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  )
}
