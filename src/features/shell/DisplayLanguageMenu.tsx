import { useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { Suspense } from 'react'
import { displayLanguageNames, resolveDisplayLanguage } from '../../i18n/i18n'
import { lazyNamed } from '../../ui/lazy-named'

// The menu's code (and its positioning library) loads after the page is shown; its button is
// drawn at once.
const DisplayLanguageChoices = lazyNamed(
  () => import('./DisplayLanguageChoices'),
  'DisplayLanguageChoices',
)

/** Language names are written in their own language, so everyone finds theirs. */
export function DisplayLanguageMenu() {
  const { t, i18n } = useLingui()
  const current = resolveDisplayLanguage(i18n.locale)
  const target = (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLanguage size={16} aria-hidden />}
      aria-label={t`Display language: ${displayLanguageNames[current]}`}
    >
      {current.toUpperCase()}
    </Button>
  )

  return (
    <Suspense fallback={target}>
      <DisplayLanguageChoices target={target} current={current} />
    </Suspense>
  )
}
