import { editDistance, normalizeText } from './text-distance'

/**
 * The statistics of quality control, as pure functions: Krippendorff's α (by the coincidence
 * matrix, so the database can aggregate the matrix and hand it over), agreeing pairs, the Wilson
 * score interval of a share, and the consensus of several answers (weighted majority vote,
 * median, medoid by edit distance).
 */

/** Nominal: any two different values disagree alike. Interval: by the squared difference. */
export type AlphaMetric = 'nominal' | 'interval'
export type AlphaValue = string | number

/** One cell of the coincidence matrix: o_ck, the pairable values c coinciding with values k. */
export type CoincidenceCell<T extends AlphaValue = AlphaValue> = { c: T; k: T; count: number }

/** A unit's values, one per coder; null or undefined where a coder gave none. */
export type Unit<T extends AlphaValue = AlphaValue> = readonly (T | null | undefined)[]

const isPresent = <T>(value: T | null | undefined): value is T =>
  value !== null && value !== undefined

function valueCounts<T extends AlphaValue>(unit: Unit<T>): Map<T, number> {
  const counts = new Map<T, number>()
  for (const value of unit) {
    if (isPresent(value)) counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  return counts
}

/**
 * The coincidence matrix of units: within each unit of m ≥ 2 values, every ordered pair of
 * values of different coders adds 1/(m − 1) to its cell. Units with fewer than two values are
 * not pairable and add nothing.
 */
export function coincidences<T extends AlphaValue>(
  units: readonly Unit<T>[],
): CoincidenceCell<T>[] {
  const cells = new Map<T, Map<T, number>>()
  for (const unit of units) {
    const counts = valueCounts(unit)
    const m = [...counts.values()].reduce((sum, count) => sum + count, 0)
    if (m < 2) continue
    for (const [c, nc] of counts) {
      const row = cells.get(c) ?? new Map<T, number>()
      cells.set(c, row)
      for (const [k, nk] of counts) {
        const pairs = c === k ? nc * (nc - 1) : nc * nk
        if (pairs > 0) row.set(k, (row.get(k) ?? 0) + pairs / (m - 1))
      }
    }
  }
  return [...cells].flatMap(([c, row]) => [...row].map(([k, count]) => ({ c, k, count })))
}

function squaredDistance(metric: AlphaMetric, c: AlphaValue, k: AlphaValue): number {
  if (metric === 'nominal') return c === k ? 0 : 1
  return (Number(c) - Number(k)) ** 2
}

/**
 * α = 1 − (n − 1) · Σ o_ck δ²_ck / Σ n_c n_k δ²_ck, with n_c the margins of the coincidence
 * matrix and n their total (the pairable values). Null when fewer than two values are pairable
 * or when the values leave no disagreement possible (every pairable value the same).
 */
export function alphaFromCoincidences(
  cells: readonly CoincidenceCell[],
  metric: AlphaMetric,
): number | null {
  const margins = new Map<AlphaValue, number>()
  for (const { c, count } of cells) margins.set(c, (margins.get(c) ?? 0) + count)
  const n = [...margins.values()].reduce((sum, count) => sum + count, 0)
  if (n < 2) return null
  let observed = 0
  for (const { c, k, count } of cells) observed += count * squaredDistance(metric, c, k)
  let expected = 0
  for (const [c, nc] of margins) {
    for (const [k, nk] of margins) expected += nc * nk * squaredDistance(metric, c, k)
  }
  if (expected <= 0) return null
  return 1 - ((n - 1) * observed) / expected
}

/** How many values the coincidence matrix pairs: the n of α. */
export const pairableValues = (cells: readonly CoincidenceCell[]): number =>
  cells.reduce((sum, cell) => sum + cell.count, 0)

/** Krippendorff's α of units (rows: units, columns: coders), by the coincidence matrix. */
export function krippendorffAlpha<T extends AlphaValue>(
  units: readonly Unit<T>[],
  metric: AlphaMetric,
): number | null {
  return alphaFromCoincidences(coincidences(units), metric)
}

/**
 * The share of agreeing pairs among all pairs of values given to one unit, over all units;
 * null when no unit has two values.
 */
export function percentAgreement<T extends AlphaValue>(units: readonly Unit<T>[]): number | null {
  let agreeing = 0
  let pairs = 0
  for (const unit of units) {
    const counts = valueCounts(unit)
    const m = [...counts.values()].reduce((sum, count) => sum + count, 0)
    pairs += (m * (m - 1)) / 2
    for (const count of counts.values()) agreeing += (count * (count - 1)) / 2
  }
  return pairs === 0 ? null : agreeing / pairs
}

/** z of the two-sided 95 % normal interval. */
const Z95 = 1.959963984540054

/**
 * The Wilson score interval of a share of `successes` in `trials` (95 % by default), which
 * unlike the normal approximation stays within [0, 1] and behaves at 0 and at all. Null
 * without trials.
 */
export function wilsonInterval(
  successes: number,
  trials: number,
  z = Z95,
): [number, number] | null {
  if (trials <= 0) return null
  const p = successes / trials
  const z2 = z * z
  const denominator = 1 + z2 / trials
  const center = (p + z2 / (2 * trials)) / denominator
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))
  return [Math.max(0, center - half), Math.min(1, center + half)]
}

export type Vote<T> = { value: T; weight: number }
export type MajorityResult<T> = {
  /** The value with the most weight; on a tie the first of the tied values to be voted for. */
  value: T | null
  /** The winning weight over all the weight: 0 to 1. */
  confidence: number
  /** The values sharing the most weight, when more than one does. */
  tied: T[]
}

/** Sums of weights this close are a tie: 0.1 + 0.2 against 0.3 must not decide a vote. */
const TIE_TOLERANCE = 1e-9

/** Weighted majority vote; equal values (by ===) pool their weight. */
export function weightedMajority<T>(votes: readonly Vote<T>[]): MajorityResult<T> {
  const weights = new Map<T, number>()
  let total = 0
  for (const { value, weight } of votes) {
    weights.set(value, (weights.get(value) ?? 0) + weight)
    total += weight
  }
  let best = Number.NEGATIVE_INFINITY
  let leaders: T[] = []
  for (const [value, weight] of weights) {
    if (weight > best + TIE_TOLERANCE) {
      best = weight
      leaders = [value]
    } else if (weight >= best - TIE_TOLERANCE) {
      leaders.push(value)
      best = Math.max(best, weight)
    }
  }
  return {
    value: leaders[0] ?? null,
    confidence: total > 0 ? best / total : 0,
    tied: leaders.length > 1 ? leaders : [],
  }
}

/** The middle value, or the mean of the two middle ones; null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The text with the least total edit distance to the others (after normalizing whitespace), the
 * first such on a tie, with its index in `texts`; null for no texts.
 */
export function medoid(texts: readonly string[]): { text: string; index: number } | null {
  const normalized = texts.map(normalizeText)
  let bestIndex = -1
  let bestTotal = Number.POSITIVE_INFINITY
  for (const [index, text] of normalized.entries()) {
    let total = 0
    for (const other of normalized) total += editDistance(text, other)
    if (total < bestTotal) {
      bestTotal = total
      bestIndex = index
    }
  }
  return bestIndex < 0 ? null : { text: texts[bestIndex], index: bestIndex }
}

/**
 * Nominal α from what the database sums up instead of the whole coincidence matrix: the margins
 * n_c and the diagonal's total Σ o_cc. For the nominal metric α = 1 − D_o/D_e reduces exactly to
 * 1 − (n − 1)(n − Σ o_cc) / (n² − Σ n_c²).
 */
export function nominalAlpha(margins: readonly number[], agreeing: number): number | null {
  const n = margins.reduce((sum, count) => sum + count, 0)
  if (n < 2) return null
  const expected = n * n - margins.reduce((sum, count) => sum + count * count, 0)
  if (expected <= 0) return null
  return 1 - ((n - 1) * (n - agreeing)) / expected
}

/** Per pairable unit: its values' count, sum and sum of squares. */
export type IntervalUnitSums = { count: number; sum: number; sumOfSquares: number }

/** A unit's Σ over ordered pairs of its values of (v_i − v_j)², over m − 1: its share of Σ o_ck δ². */
export const intervalUnitDisagreement = ({ count, sum, sumOfSquares }: IntervalUnitSums) =>
  (2 * Math.max(0, count * sumOfSquares - sum * sum)) / (count - 1)

/**
 * Interval α from sums: the observed Σ o_ck (c − k)² is the units' intervalUnitDisagreement
 * summed, and the expected Σ n_c n_k (c − k)² is 2(n Σ v² − (Σ v)²) over all pairable values.
 */
export function intervalAlpha({
  values,
  observed,
  sum,
  sumOfSquares,
}: {
  values: number
  observed: number
  sum: number
  sumOfSquares: number
}): number | null {
  if (values < 2) return null
  const expected = 2 * (values * sumOfSquares - sum * sum)
  // Equal values leave only rounding noise in the difference: no disagreement is possible.
  if (expected <= 1e-9 * Math.max(1, values * sumOfSquares)) return null
  return 1 - ((values - 1) * Math.max(0, observed)) / expected
}
