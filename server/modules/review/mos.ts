import { MOS_INTERVAL_MIN_MARKS, type Mos } from '../../../contract/review'

/** Two-sided 95 % quantiles of Student's t by degrees of freedom, 1 to 30. */
const T_95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
]
const Z_95 = 1.96

const round = (value: number) => Math.round(value * 1000) / 1000

/**
 * The mean of `count` marks with sample standard deviation `stddev`, and its 95 % confidence
 * interval (Student's t up to 30 degrees of freedom, the normal quantile beyond), clipped to the
 * mark scale; no interval below MOS_INTERVAL_MIN_MARKS marks.
 */
export function mosOf(mean: number | null, stddev: number | null, count: number): Mos {
  if (mean === null || count === 0) return { mean: null, count: 0, ci95: null }
  if (count < MOS_INTERVAL_MIN_MARKS || stddev === null) {
    return { mean: round(mean), count, ci95: null }
  }
  const quantile = T_95[count - 2] ?? Z_95
  const half = (quantile * stddev) / Math.sqrt(count)
  return {
    mean: round(mean),
    count,
    ci95: { low: round(Math.max(1, mean - half)), high: round(Math.min(5, mean + half)) },
  }
}
