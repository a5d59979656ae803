import { DISPLAY_LANGUAGES } from '../../contract/constants'

/**
 * Lingui writes a plural's count (`#`) with `Intl.NumberFormat`, and the first number formatter a
 * page makes has the browser load its locale number data: 35–70 ms of main thread on a slow
 * machine, one long task on the first page of every visit (the header's sync status counts its
 * pending saves). Every display language writes a whole number below 1,000 in plain ASCII digits
 * (no grouping, Latin digits), so those skip the formatter; anything else, or a number with a
 * format, goes to it as before. The build puts this in front of Lingui's number formatting
 * (scripts/lingui-plain-counts.ts).
 */
export function plainCount(
  locales: readonly string[] | string,
  value: unknown,
  format: unknown,
): string | null {
  const language = typeof locales === 'string' ? locales : locales[0]
  const plain =
    format === undefined &&
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value < 1000 &&
    (DISPLAY_LANGUAGES as readonly (string | undefined)[]).includes(language)
  return plain ? String(value) : null
}
