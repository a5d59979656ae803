import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { createTheme, MantineProvider, type MantineProviderProps } from '@mantine/core'
import { useMemo } from 'react'
import './styles/contrast.css'

/** Breakpoints of the spec (section 9), in em for Mantine: 576, 768, 992, 1200, 1400 px. */
const BREAKPOINTS = { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '87.5em' }

/** Clear buttons of the inputs that choose from a list: named, and shown to assistive technology. */
const clearButton = (label: string) => ({
  defaultProps: { clearButtonProps: { 'aria-label': label, 'aria-hidden': false } },
})

/**
 * The theme, with names in the display language for the icon-only buttons Mantine leaves
 * unnamed (close, clear), set once here for every use (a calendar's: calendarLabels).
 * Components are named by string so no component is imported into the start-up script.
 */
export function localizedTheme(i18n: I18n) {
  const clear = clearButton(i18n._(msg`Clear`))
  return createTheme({
    primaryColor: 'blue',
    // Shade 6 under white text, or as text on white, is 3.6:1; shade 8 is 5:1.
    primaryShade: { light: 8, dark: 8 },
    breakpoints: BREAKPOINTS,
    defaultRadius: 'md',
    components: {
      CloseButton: { defaultProps: { 'aria-label': i18n._(msg`Close`) } },
      InputClearButton: { defaultProps: { 'aria-label': i18n._(msg`Clear`) } },
      Select: clear,
      MultiSelect: clear,
      Autocomplete: clear,
      TagsInput: clear,
    },
  })
}

/** Mantine's provider with the localized theme, renewed when the display language changes. */
export function ThemedMantineProvider(props: Omit<MantineProviderProps, 'theme'>) {
  const { i18n, _ } = useLingui()
  // `_` changes with the active locale, `i18n` does not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `_` marks a locale change.
  const theme = useMemo(() => localizedTheme(i18n), [i18n, _])
  return <MantineProvider theme={theme} {...props} />
}
