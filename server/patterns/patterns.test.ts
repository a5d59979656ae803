import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  generatedFlags,
  generatedPattern,
  generatedText,
  PATTERN_EXAMPLES,
} from '../../contract/pattern-fixtures'
import { linearPatternTest, regexProblem } from '../../contract/schema-rules'
import { DEMO_TASK_SCHEMA } from '../demo/content'
import type { HttpError } from '../http/errors'
import { inEnglish } from '../http/i18n'
import { assertSafePatterns } from './pattern-safety'
import { re2PatternTest, re2Problem } from './re2-patterns'

const refusal = async (pattern: string, flags = '') => {
  try {
    await assertSafePatterns({
      validators: [{ type: 'regex', field: 'answer', pattern, flags, severity: 'error' }],
    })
    return null
  } catch (error) {
    const { fields } = error as HttpError
    return Object.fromEntries(
      Object.entries(fields ?? {}).map(([field, messages]) => [field, messages.map(inEnglish)]),
    )
  }
}

describe('RE2 on the server', () => {
  it('gives the same answers as the browser engine', () => {
    for (const [pattern, flags, text, expected] of PATTERN_EXAMPLES) {
      const label = `/${pattern}/${flags} on ${JSON.stringify(text)}`
      expect(re2PatternTest(pattern, flags, text), label).toBe(expected)
      expect(linearPatternTest(pattern, flags, text), label).toBe(expected)
    }
  })

  it('property: agrees with the browser engine on generated patterns', () => {
    fc.assert(
      fc.property(generatedPattern, generatedFlags, generatedText, (pattern, flags, text) => {
        expect(re2PatternTest(pattern, flags, text)).toBe(linearPatternTest(pattern, flags, text))
      }),
      { numRuns: 300 },
    )
  })

  it('answers for catastrophic patterns on long texts', () => {
    const text = `${'a'.repeat(100_000)}!`
    expect(re2PatternTest('^(a|a)*$', '', text)).toBe(false)
    expect(re2PatternTest('^(\\w|\\d)+$', '', text)).toBe(false)
    expect(re2PatternTest('^\\s*\\s*x', '', ' '.repeat(100_000))).toBe(false)
  })

  it('cannot compile what the contract refuses either', () => {
    for (const pattern of ['(a)\\1', 'a(?=b)', '(?<!a)b', '\\k<x>(?<x>a)']) {
      expect(re2Problem(pattern, ''), pattern).not.toBeNull()
      expect(regexProblem(pattern, ''), pattern).not.toBeNull()
    }
  })
})

describe('pattern safety at save', () => {
  it('refuses what the ReDoS checker flags, naming the validator', async () => {
    for (const pattern of ['^(a|a)*$', '^(\\w|\\d)+$', '^\\s*\\s*x', '^(a+)+$']) {
      expect(await refusal(pattern), pattern).toEqual({
        'schema.validators.0.pattern': [
          expect.stringMatching(/^Validator 1 \(regex on answer\) can take \w+ time on texts/),
        ],
      })
    }
  })

  it('passes ordinary patterns, nested repeats that cannot backtrack included', async () => {
    for (const [pattern, flags] of [
      ['^\\d{3}-\\d{4}$', ''],
      ['^[a-z ]+$', 'i'],
      ['^(?:\\d{3}-)+\\d{4}$', ''],
      ['^\\p{Lu}\\p{Ll}+$', 'u'],
    ] as const) {
      expect(await refusal(pattern, flags), pattern).toBeNull()
    }
  })

  it('passes the demo schema, which the demo seeding checks too', async () => {
    await expect(assertSafePatterns(DEMO_TASK_SCHEMA)).resolves.toBeUndefined()
  })
})
