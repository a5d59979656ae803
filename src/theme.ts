import { createTheme } from '@mantine/core'

/** Breakpoints of the spec (section 9), in em for Mantine: 576, 768, 992, 1200, 1400 px. */
export const theme = createTheme({
  primaryColor: 'blue',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '87.5em' },
  defaultRadius: 'md',
})
