import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileLinearPattern, MAX_REPEAT_COUNT, PatternSyntaxError } from './linear-pattern'
import {
  generatedFlags,
  generatedPattern,
  generatedText,
  PATTERN_EXAMPLES,
} from './pattern-fixtures'

const matches = (pattern: string, flags: string, text: string) =>
  compileLinearPattern(pattern, flags).test(text)

describe('linear pattern engine', () => {
  it('answers ordinary patterns as RE2 does, flags and Unicode included', () => {
    for (const [pattern, flags, text, expected] of PATTERN_EXAMPLES) {
      expect(matches(pattern, flags, text), `/${pattern}/${flags} on ${text}`).toBe(expected)
    }
  })

  it('answers for catastrophic patterns on long texts', () => {
    const text = `${'a'.repeat(20_000)}!`
    expect(matches('^(a|a)*$', '', text)).toBe(false)
    expect(matches('^(\\w|\\d)+$', '', text)).toBe(false)
    expect(matches('^\\s*\\s*x', '', ' '.repeat(20_000))).toBe(false)
    expect(matches('^(a+)+$', '', text)).toBe(false)
    expect(matches('^(a|a)*!$', '', text)).toBe(true)
  })

  it('refuses what no linear-time engine can run, saying why', () => {
    const refusal = (pattern: string) => {
      try {
        compileLinearPattern(pattern, '')
      } catch (error) {
        return error instanceof PatternSyntaxError ? error.message : `syntax: ${error}`
      }
      return null
    }
    expect(refusal('(a)\\1')).toMatch(/^Backreferences/)
    expect(refusal('(?<x>a)\\k<x>')).toMatch(/^Backreferences/)
    expect(refusal('a(?=b)')).toMatch(/^Lookahead and lookbehind/)
    expect(refusal('(?<!a)b')).toMatch(/^Lookahead and lookbehind/)
    expect(refusal(`a{${MAX_REPEAT_COUNT + 1}}`)).toMatch(/at most/)
    expect(refusal('((a{100}){100}){100}')).toMatch(/too large/)
    expect(refusal('(unclosed')).toMatch(/^syntax: SyntaxError/)
    expect(refusal('[a-\\d]')).toMatch(/^syntax: SyntaxError/)
  })

  it('property: agrees with JavaScript on generated patterns and short texts', () => {
    fc.assert(
      fc.property(generatedPattern, generatedFlags, generatedText, (p, flags, t) => {
        expect(matches(p, flags, t)).toBe(new RegExp(p, `${flags.replace('u', '')}u`).test(t))
      }),
      { numRuns: 300 },
    )
  })
})
