import { useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { useEffect } from 'react'
import { displayLanguageNames, resolveDisplayLanguage } from '../../i18n/i18n'
import { usePageSettled } from '../../ui/deferred/page-settled'
import { MadeOnPress } from '../../ui/MadeOnPress'

let choices: typeof import('./DisplayLanguageChoices') | undefined
/** The menu's code, kept once loaded so the menu is made without suspending. */
async function loadChoices() {
  choices ??= await import('./DisplayLanguageChoices')
  return choices
}

/**
 * Language names are written in their own language, so everyone finds theirs. The menu is made
 * at the first press of its button (MadeOnPress); its code (and its positioning library) is
 * fetched once the page has settled, so the press opens it at once.
 */
export function DisplayLanguageMenu() {
  const { t, i18n } = useLingui()
  const current = resolveDisplayLanguage(i18n.locale)
  const code = current.toUpperCase()
  const settled = usePageSettled()
  useEffect(() => {
    if (settled) loadChoices().catch(() => undefined)
  }, [settled])

  return (
    <MadeOnPress
      popup="menu"
      target={
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconLanguage size={16} aria-hidden />}
          // The name holds the visible code, so speech control finds the button by it.
          aria-label={t`Display language ${code}: ${displayLanguageNames[current]}`}
        >
          {code}
        </Button>
      }
      prepare={loadChoices}
      make={(target, state) =>
        choices && (
          <choices.DisplayLanguageChoices target={target} current={current} state={state} />
        )
      }
    />
  )
}
