import { describe, expect, it } from 'vitest'
import { nestsDeeperThan } from './json-body'
import { NUL_MESSAGE, SURROGATE_MESSAGE, unstorableText } from './stored-text'

describe('nestsDeeperThan', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false)
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true)
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false)
    expect(nestsDeeperThan('["[[[[", "\\"[[[["]', 1)).toBe(false)
    expect(nestsDeeperThan(`${'['.repeat(20_000)}${']'.repeat(20_000)}`, 64)).toBe(true)
  })
})

describe('unstorableText', () => {
  it('names every string and key PostgreSQL cannot store, by path', () => {
    const problems = unstorableText({
      ok: 'fine 😀',
      name: 'a\u0000',
      list: ['b', '\ud800'],
      nested: { 'key\u0000': 'x' },
    })
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: ['name'], message: NUL_MESSAGE },
        { path: ['list', 1], message: SURROGATE_MESSAGE },
        { path: ['nested'], message: `field names ${NUL_MESSAGE}` },
      ]),
    )
    expect(problems).toHaveLength(3)
    expect(unstorableText('\udc00')).toEqual([{ path: [], message: SURROGATE_MESSAGE }])
    expect(unstorableText({ a: 1, b: [true, null] })).toEqual([])
  })
})
