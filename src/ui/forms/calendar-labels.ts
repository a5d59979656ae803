import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CalendarAriaLabels } from '@mantine/dates'

/**
 * Names of a calendar's previous and next buttons in the display language (Mantine leaves these
 * icon-only buttons unnamed). Given by each date input rather than the theme, so that neither
 * they nor their messages weigh on the start-up script.
 */
export const calendarLabels = (i18n: I18n): CalendarAriaLabels => ({
  previousMonth: i18n._(msg`Previous month`),
  nextMonth: i18n._(msg`Next month`),
  previousYear: i18n._(msg`Previous year`),
  nextYear: i18n._(msg`Next year`),
  previousDecade: i18n._(msg`Previous decade`),
  nextDecade: i18n._(msg`Next decade`),
})
