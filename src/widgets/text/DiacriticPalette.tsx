import { useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { OnDemandTooltip } from '../../ui/OnDemandTooltip'
import type { DiacriticSign } from '../types'

/** The language's diacritic signs as buttons inserting the sign at the cursor. */
export function DiacriticPalette({
  signs,
  onInsert,
}: {
  signs: DiacriticSign[]
  onInsert: (sign: string) => void
}) {
  const { t } = useLingui()
  return signs.map(({ sign, description }) => (
    <OnDemandTooltip key={sign} label={description} disabled={!description} withArrow>
      <Button
        size="compact-xs"
        variant="default"
        aria-label={description ? t`Insert ${sign} (${description})` : t`Insert ${sign}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onInsert(sign)}
      >
        {sign}
      </Button>
    </OnDemandTooltip>
  ))
}
