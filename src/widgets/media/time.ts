/** Clips shorter than this show tenths of a second, or a short clip would read 0:00 / 0:00. */
export const TENTHS_BELOW_SECONDS = 10

/**
 * Player time as m:ss (h:mm:ss past an hour); with tenths (m:ss.s) when the clip of
 * `clipDuration` seconds is shorter than TENTHS_BELOW_SECONDS.
 */
export function formatDuration(seconds: number, clipDuration = seconds): string {
  const withTenths = clipDuration > 0 && clipDuration < TENTHS_BELOW_SECONDS
  const clamped = Number.isFinite(seconds) && seconds > 0 ? seconds : 0
  const tenths = Math.floor(clamped * 10 + 1e-6)
  const total = Math.floor(tenths / 10)
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const rest = String(total % 60).padStart(2, '0') + (withTenths ? `.${tenths % 10}` : '')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

/** The current-time tag inserted into a transcript: seconds with one decimal, as in [12.3]. */
export const timeTag = (seconds: number): string =>
  `[${(Number.isFinite(seconds) ? Math.max(seconds, 0) : 0).toFixed(1)}]`
