import { describe, expect, it } from 'vitest'
import { characterErrorRate, editDistance, normalizeText } from './text-distance'

describe('text distances', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('sitting', 'kitten')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('flaw', 'lawn')).toBe(2)
    expect(editDistance('same', 'same')).toBe(0)
  })

  it('counts a character outside the Basic Multilingual Plane once', () => {
    expect(editDistance('a😀b', 'ab')).toBe(1)
    expect(editDistance('żółw', 'zolw')).toBe(3)
  })

  it('ignores leading, trailing and repeated whitespace', () => {
    expect(normalizeText('  two\t\n words  ')).toBe('two words')
    expect(characterErrorRate('two words', '  two   words\n')).toBe(0)
  })

  it('measures errors against the expected text', () => {
    expect(characterErrorRate('hello world', 'hello word')).toBeCloseTo(1 / 11)
    expect(characterErrorRate('abc', 'xyz')).toBe(1)
    expect(characterErrorRate('ab', 'abcdef')).toBe(2)
  })

  it('matches an empty expected text only with an empty answer', () => {
    expect(characterErrorRate('  ', '')).toBe(0)
    expect(characterErrorRate('', 'x')).toBe(1)
  })
})
