import { describe, expect, it } from 'vitest'
import { formatSignList, parseSignList } from './sign-list'

describe('parseSignList', () => {
  it('reads one sign per line with an optional description after a dash', () => {
    expect(parseSignList('ą - a with ogonek\nć\nę - e with ogonek')).toEqual([
      { sign: 'ą', description: 'a with ogonek' },
      { sign: 'ć', description: '' },
      { sign: 'ę', description: 'e with ogonek' },
    ])
  })

  it('trims lines, drops empty ones and keeps the first of duplicate signs', () => {
    expect(parseSignList('  ą  -  first \r\n\n   \nł\ną - second\n ł ')).toEqual([
      { sign: 'ą', description: 'first' },
      { sign: 'ł', description: '' },
    ])
  })

  it('keeps dashes that do not follow a blank as part of the sign', () => {
    expect(parseSignList('- - minus sign\na-b\nż -\n-')).toEqual([
      { sign: '-', description: 'minus sign' },
      { sign: 'a-b', description: '' },
      { sign: 'ż', description: '' },
    ])
  })

  it('keeps later dashes inside the description', () => {
    expect(parseSignList('ś - s - acute')).toEqual([{ sign: 'ś', description: 's - acute' }])
  })

  it('gives nothing for blank text', () => {
    expect(parseSignList('\n  \n')).toEqual([])
  })
})

describe('formatSignList', () => {
  it('writes a list that parseSignList reads back', () => {
    const signs = [
      { sign: 'ą', description: 'a with ogonek' },
      { sign: 'ę', description: '' },
      { sign: '-', description: 'minus sign' },
      { sign: 'a-b', description: 's - acute' },
    ]
    expect(formatSignList(signs)).toBe('ą - a with ogonek\nę\n- - minus sign\na-b - s - acute')
    expect(parseSignList(formatSignList(signs))).toEqual(signs)
  })
})
