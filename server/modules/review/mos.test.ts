import { describe, expect, it } from 'vitest'
import { mosOf } from './mos'

describe('mosOf', () => {
  it('has no mean without marks and no interval below five marks', () => {
    expect(mosOf(null, null, 0)).toEqual({ mean: null, count: 0, ci95: null })
    expect(mosOf(4, 1, 4)).toEqual({ mean: 4, count: 4, ci95: null })
  })

  it('gives the Student t interval for few marks and the normal one for many', () => {
    // Five marks 3, 4, 4, 5, 5: mean 4.2, sample sd 0.8367, t(4) = 2.776.
    expect(mosOf(4.2, 0.83666, 5)).toEqual({
      mean: 4.2,
      count: 5,
      ci95: { low: 3.161, high: 5 },
    })
    const many = mosOf(3, 1, 100)
    expect(many.ci95).toEqual({ low: 2.804, high: 3.196 })
  })
})
