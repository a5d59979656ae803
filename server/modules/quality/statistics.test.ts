import { describe, expect, it } from 'vitest'
import {
  alphaFromCoincidences,
  coincidences,
  intervalAlpha,
  intervalUnitDisagreement,
  krippendorffAlpha,
  median,
  medoid,
  nominalAlpha,
  pairableValues,
  percentAgreement,
  weightedMajority,
  wilsonInterval,
} from './statistics'

/**
 * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four observers
 * (columns) value twelve units (rows), with missing values; unit 12 has one value only.
 */
const KRIPPENDORFF_2011: (number | null)[][] = [
  [1, 1, null, 1],
  [2, 2, 3, 2],
  [3, 3, 3, 3],
  [3, 3, 3, 3],
  [2, 2, 2, 2],
  [1, 2, 3, 4],
  [4, 4, 4, 4],
  [1, 1, 2, 1],
  [2, 2, 2, 2],
  [null, 5, 5, 5],
  [null, null, 1, 1],
  [null, 3, null, null],
]

describe("Krippendorff's alpha", () => {
  it('reproduces the worked example with missing values: nominal 0.743, interval 0.849', () => {
    expect(krippendorffAlpha(KRIPPENDORFF_2011, 'nominal')).toBeCloseTo(0.743, 3)
    expect(krippendorffAlpha(KRIPPENDORFF_2011, 'interval')).toBeCloseTo(0.849, 3)
  })

  it("builds the paper's coincidence matrix, leaving the single-valued unit out", () => {
    const cells = coincidences(KRIPPENDORFF_2011)
    expect(pairableValues(cells)).toBe(40)
    const cell = (c: number, k: number) =>
      cells.find((entry) => entry.c === c && entry.k === k)?.count ?? 0
    // The paper's matrix, row by row, with margins n_c = 9, 13, 10, 5, 3.
    const paper = [
      [7, 4 / 3, 1 / 3, 1 / 3, 0],
      [4 / 3, 10, 4 / 3, 1 / 3, 0],
      [1 / 3, 4 / 3, 8, 1 / 3, 0],
      [1 / 3, 1 / 3, 1 / 3, 4, 0],
      [0, 0, 0, 0, 3],
    ]
    for (const [row, counts] of paper.entries()) {
      for (const [column, count] of counts.entries()) {
        expect(cell(row + 1, column + 1)).toBeCloseTo(count, 10)
      }
    }
  })

  it('gives 0 when agreement is what chance would give, and 1 for perfect agreement', () => {
    // o_aa = 2, o_ab = o_ba = 1; n_a = 3, n_b = 1: α = 1 − 3 · 2 / (2 · 3 · 1) = 0.
    expect(
      krippendorffAlpha(
        [
          ['a', 'a'],
          ['a', 'b'],
        ],
        'nominal',
      ),
    ).toBe(0)
    expect(
      krippendorffAlpha(
        [
          ['a', 'a'],
          ['b', 'b', 'b'],
        ],
        'nominal',
      ),
    ).toBe(1)
  })

  it('weighs interval disagreement by the squared difference', () => {
    // o_12 = o_21 = 1, o_33 = 2; Σ n_c n_k δ² = 2 · (1 + 8 + 2) = 22: α = 1 − 3 · 2 / 22.
    expect(
      krippendorffAlpha(
        [
          [1, 2],
          [3, 3],
        ],
        'interval',
      ),
    ).toBeCloseTo(1 - 6 / 22, 12)
    expect(
      krippendorffAlpha(
        [
          [1, 2],
          [3, 3],
        ],
        'nominal',
      ),
    ).toBeCloseTo(1 - (3 * 2) / 10, 12)
  })

  it('is null with fewer than two pairable values or no disagreement possible', () => {
    expect(krippendorffAlpha([['a'], ['b', null]], 'nominal')).toBeNull()
    expect(krippendorffAlpha([], 'interval')).toBeNull()
    expect(
      krippendorffAlpha(
        [
          ['a', 'a'],
          ['a', 'a', 'a'],
        ],
        'nominal',
      ),
    ).toBeNull()
    expect(alphaFromCoincidences([], 'nominal')).toBeNull()
  })

  it('gives the same α from the sums the database aggregates', () => {
    const pairable = KRIPPENDORFF_2011.map((unit) =>
      unit.filter((value): value is number => value !== null),
    ).filter((unit) => unit.length >= 2)
    const values = pairable.flat()
    const margins = [1, 2, 3, 4, 5].map((c) => values.filter((value) => value === c).length)
    const agreeing = pairable.reduce((total, unit) => {
      const same = [1, 2, 3, 4, 5].reduce((pairs, c) => {
        const count = unit.filter((value) => value === c).length
        return pairs + count * (count - 1)
      }, 0)
      return total + same / (unit.length - 1)
    }, 0)
    expect(nominalAlpha(margins, agreeing)).toBeCloseTo(
      krippendorffAlpha(KRIPPENDORFF_2011, 'nominal')!,
      12,
    )
    const sums = pairable.map((unit) => ({
      count: unit.length,
      sum: unit.reduce((a, b) => a + b, 0),
      sumOfSquares: unit.reduce((a, b) => a + b * b, 0),
    }))
    expect(
      intervalAlpha({
        values: values.length,
        observed: sums.reduce((total, unit) => total + intervalUnitDisagreement(unit), 0),
        sum: values.reduce((a, b) => a + b, 0),
        sumOfSquares: values.reduce((a, b) => a + b * b, 0),
      }),
    ).toBeCloseTo(krippendorffAlpha(KRIPPENDORFF_2011, 'interval')!, 12)
    expect(nominalAlpha([4], 4)).toBeNull()
    expect(nominalAlpha([1], 0)).toBeNull()
    expect(
      intervalAlpha({ values: 4, observed: 0, sum: 0.3 * 4, sumOfSquares: 0.09 * 4 }),
    ).toBeNull()
  })

  it('takes a coincidence matrix aggregated elsewhere', () => {
    const cells = coincidences(KRIPPENDORFF_2011.map((unit) => unit.map((value) => value)))
    expect(alphaFromCoincidences(cells, 'nominal')).toBeCloseTo(0.743, 3)
  })
})

describe('percent agreement', () => {
  it('counts agreeing pairs among all pairs of a unit', () => {
    // Pairs: [a,a,b] → 3 pairs, 1 agreeing; [c,c] → 1 pair, 1 agreeing; [d] → none.
    expect(percentAgreement([['a', 'a', 'b'], ['c', 'c'], ['d']])).toBe(2 / 4)
    expect(percentAgreement([['a'], [null, 'b']])).toBeNull()
  })
})

describe('Wilson score interval', () => {
  it("matches Newcombe's (1998) published intervals", () => {
    const rounded = (interval: [number, number] | null) =>
      interval?.map((bound) => Math.round(bound * 10_000) / 10_000)
    expect(rounded(wilsonInterval(81, 263))).toEqual([0.2553, 0.3662])
    expect(rounded(wilsonInterval(15, 148))).toEqual([0.0624, 0.1605])
    expect(rounded(wilsonInterval(0, 20))).toEqual([0, 0.1611])
    expect(rounded(wilsonInterval(1, 29))).toEqual([0.0061, 0.1718])
  })

  it('is symmetric, stays within 0 and 1, and is null without trials', () => {
    const [low, high] = wilsonInterval(10, 10)!
    expect(high).toBeCloseTo(1, 12)
    expect(low).toBeCloseTo(1 - wilsonInterval(0, 10)![1], 12)
    expect(wilsonInterval(0, 0)).toBeNull()
  })
})

describe('consensus', () => {
  it('picks the value with the most weight and reports its share', () => {
    const result = weightedMajority([
      { value: 'cat', weight: 0.9 },
      { value: 'dog', weight: 0.6 },
      { value: 'dog', weight: 0.5 },
    ])
    expect(result.value).toBe('dog')
    expect(result.confidence).toBeCloseTo(1.1 / 2, 12)
    expect(result.tied).toEqual([])
  })

  it('reports ties, keeping the first tied value, also when sums differ by rounding only', () => {
    const result = weightedMajority([
      { value: 'b', weight: 1 },
      { value: 'a', weight: 1 },
      { value: 'c', weight: 0.5 },
    ])
    expect(result).toEqual({ value: 'b', confidence: 0.4, tied: ['b', 'a'] })
    expect(
      weightedMajority([
        { value: 'x', weight: 0.1 },
        { value: 'x', weight: 0.2 },
        { value: 'y', weight: 0.3 },
      ]).tied,
    ).toEqual(['x', 'y'])
    expect(weightedMajority([])).toEqual({ value: null, confidence: 0, tied: [] })
  })

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNull()
  })

  it('picks the medoid text by edit distance, ignoring spacing', () => {
    expect(medoid(['the cat sat', 'the cat  sat ', 'the bat sat', 'a dog'])).toEqual({
      text: 'the cat sat',
      index: 0,
    })
    expect(medoid(['kitten', 'sitten', 'sitting'])?.text).toBe('sitten')
    expect(medoid([])).toBeNull()
  })
})
