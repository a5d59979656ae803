import { describe, expect, it } from 'vitest'
import { withoutRepeatedTitle } from './repeated-title'

describe('a protocol text’s opening heading', () => {
  it.each([
    ['# Street rules\n\nWrite what you hear.'],
    ['#  street   RULES  #\n\nWrite what you hear.'],
    ['\n# Street rules\r\n\r\nWrite what you hear.'],
    ['Street rules\n============\n\nWrite what you hear.'],
  ])('is left out when it repeats the protocol’s name: %j', (markdown) => {
    expect(withoutRepeatedTitle(markdown, 'Street rules').trim()).toBe('Write what you hear.')
  })

  it.each([
    ['another title', '# Listening\n\nWrite what you hear.'],
    ['a lower level', '## Street rules\n\nWrite what you hear.'],
    ['not at the start', 'Read this first.\n\n# Street rules'],
    ['a longer title', '# Street rules for buses\n\nWrite what you hear.'],
  ])('is kept when it is %s', (_case, markdown) => {
    expect(withoutRepeatedTitle(markdown, 'Street rules')).toBe(markdown)
  })

  it('is kept when the name is not known', () => {
    expect(withoutRepeatedTitle('# Street rules', undefined)).toBe('# Street rules')
  })

  it('leaves an empty text when the heading was all there was', () => {
    expect(withoutRepeatedTitle('# Street rules', 'Street rules')).toBe('')
  })
})
