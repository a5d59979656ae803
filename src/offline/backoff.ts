export const BACKOFF_BASE_MS = 1_000
export const BACKOFF_CAP_MS = 5 * 60_000

/**
 * Exponential backoff with full jitter: a uniform delay up to base·2^(attempt-1), capped. Full
 * jitter spreads the retries of many clients coming back online at once.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1))
  return Math.floor(random() * ceiling)
}
