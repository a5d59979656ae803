import { useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { Suspense, useState } from 'react'
import { displayLanguageNames, resolveDisplayLanguage } from '../../i18n/i18n'
import { usePageSettled } from '../../ui/deferred/page-settled'
import { lazyNamed } from '../../ui/lazy-named'

// The menu's code (and its positioning library) loads once the page has settled, or at the first
// press of its button, which is drawn at once.
const DisplayLanguageChoices = lazyNamed(
  () => import('./DisplayLanguageChoices'),
  'DisplayLanguageChoices',
)

/** Language names are written in their own language, so everyone finds theirs. */
export function DisplayLanguageMenu() {
  const { t, i18n } = useLingui()
  const current = resolveDisplayLanguage(i18n.locale)
  const settled = usePageSettled()
  const [pressedEarly, setPressedEarly] = useState(false)
  const button = (onClick?: () => void) => (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLanguage size={16} aria-hidden />}
      aria-label={t`Display language: ${displayLanguageNames[current]}`}
      onClick={onClick}
    >
      {current.toUpperCase()}
    </Button>
  )

  if (!settled && !pressedEarly) return button(() => setPressedEarly(true))
  return (
    <Suspense fallback={button()}>
      <DisplayLanguageChoices target={button()} current={current} openedAtStart={pressedEarly} />
    </Suspense>
  )
}
