import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import dayjs from 'dayjs'

/**
 * Picks `day` ('YYYY-MM-DD') in the calendar of the day input labelled `label`, as a user does:
 * up to the decade, then the year, the month and the day.
 */
export async function pickDay(user: UserEvent, label: string, day: string): Promise<void> {
  const target = dayjs(day)
  await user.click(screen.getByRole('button', { name: label }))
  const calendar = within(await screen.findByRole('dialog'))
  // The month's title goes up to its year, the year's to its decade.
  await user.click(calendar.getByRole('button', { name: /^\p{L}+ \d{4}$/u }))
  await user.click(calendar.getByRole('button', { name: /^\d{4}$/ }))
  const decade = () => Number(calendar.getByText(/^\d{4} – \d{4}$/).textContent?.slice(0, 4))
  while (target.year() < decade()) {
    await user.click(calendar.getByRole('button', { name: 'Previous decade' }))
  }
  while (target.year() > decade() + 9) {
    await user.click(calendar.getByRole('button', { name: 'Next decade' }))
  }
  await user.click(calendar.getByRole('button', { name: String(target.year()) }))
  await user.click(calendar.getByRole('button', { name: target.format('MMM') }))
  await user.click(calendar.getByRole('button', { name: target.format('D MMMM YYYY') }))
}
