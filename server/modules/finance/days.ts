/**
 * Ratio intervals hold calendar days: a day is stored as its midnight UTC, and an interval's end
 * as the midnight after its last day (exclusive), so ranges compare and never overlap by a day.
 */
const DAY_MS = 86_400_000

export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`)

export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10)

export const nextDay = (day: string) => dayOf(new Date(dayStart(day).getTime() + DAY_MS))

/** The stored end of an interval whose last day is `day`; null (open) stays null. */
export const endAfter = (day: string | null) => (day === null ? null : dayStart(nextDay(day)))

/** The last day of an interval with this stored end. */
export const lastDayBefore = (end: Date | null) =>
  end === null ? null : dayOf(new Date(end.getTime() - DAY_MS))
