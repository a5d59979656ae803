/** Player time as m:ss (h:mm:ss past an hour). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const rest = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

/** The current-time tag inserted into a transcript: seconds with one decimal, as in [12.3]. */
export const timeTag = (seconds: number): string =>
  `[${(Number.isFinite(seconds) ? Math.max(seconds, 0) : 0).toFixed(1)}]`
