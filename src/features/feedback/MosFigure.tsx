import { Trans } from '@lingui/react/macro'
import type { Mos } from '../../../contract/review'

/** A MOS with its 95 % confidence interval and the number of marks, or 'N/A' without marks. */
export function mosText(mos: Mos): string {
  if (mos.mean === null) return 'N/A'
  return mos.mean.toFixed(2)
}

export function MosDetail({ mos }: { mos: Mos }) {
  const count = mos.count
  if (mos.mean === null) return null
  if (!mos.ci95) return <Trans>from {count} marks</Trans>
  const low = mos.ci95.low.toFixed(2)
  const high = mos.ci95.high.toFixed(2)
  return (
    <Trans>
      95 % CI {low}–{high}, from {count} marks
    </Trans>
  )
}
