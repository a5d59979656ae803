import { Menu } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import type { ReactElement } from 'react'
import { DISPLAY_LANGUAGES, type DisplayLanguage } from '../../../contract/constants'
import { activateDisplayLanguage, displayLanguageNames } from '../../i18n/i18n'
import type { PopupState } from '../../ui/MadeOnPress'

/** The display-language menu around `target`, made at its first press (see DisplayLanguageMenu). */
export function DisplayLanguageChoices({
  target,
  current,
  state,
}: {
  target: ReactElement
  current: DisplayLanguage
  state: PopupState
}) {
  return (
    <Menu position="bottom-end" shadow="md" {...state}>
      <Menu.Target>{target}</Menu.Target>
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
