import { useLingui } from '@lingui/react/macro'
import { Button, Menu } from '@mantine/core'
import { IconCheck, IconLanguage } from '@tabler/icons-react'
import { DISPLAY_LANGUAGES } from '../../../contract/constants'
import {
  activateDisplayLanguage,
  displayLanguageNames,
  resolveDisplayLanguage,
} from '../../i18n/i18n'

/** Language names are written in their own language, so everyone finds theirs. */
export function DisplayLanguageMenu() {
  const { t, i18n } = useLingui()
  const current = resolveDisplayLanguage(i18n.locale)

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconLanguage size={16} aria-hidden />}
          aria-label={t`Display language: ${displayLanguageNames[current]}`}
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {DISPLAY_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            rightSection={language === current ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => void activateDisplayLanguage(language)}
          >
            {displayLanguageNames[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
