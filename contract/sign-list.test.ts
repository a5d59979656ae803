import { describe, expect, it } from 'vitest'
import { formatSignList, parseSignList } from './admin'

describe('parseSignList', () => {
  it('reads a sign a line with an optional dash and description', () => {
    expect(parseSignList('ą - a with ogonek\nę\n  ł   -  l with stroke  ')).toEqual([
      { sign: 'ą', description: 'a with ogonek' },
      { sign: 'ę', description: '' },
      { sign: 'ł', description: 'l with stroke' },
    ])
  })

  it('drops empty lines and keeps the first of a repeated sign', () => {
    expect(parseSignList('\r\n ą - first \n\n   \ną - second\r\nż')).toEqual([
      { sign: 'ą', description: 'first' },
      { sign: 'ż', description: '' },
    ])
  })

  it('takes a leading dash as the sign itself', () => {
    expect(parseSignList('- - a dash\n–')).toEqual([
      { sign: '-', description: 'a dash' },
      { sign: '–', description: '' },
    ])
  })

  it('reads nothing from blank text', () => {
    expect(parseSignList('  \n\n')).toEqual([])
  })
})

describe('formatSignList', () => {
  it('writes what parseSignList reads back', () => {
    const signs = [
      { sign: 'ą', description: 'a with ogonek' },
      { sign: 'ę', description: '' },
      { sign: '-', description: 'dash' },
    ]
    expect(formatSignList(signs)).toBe('ą - a with ogonek\nę\n- - dash')
    expect(parseSignList(formatSignList(signs))).toEqual(signs)
  })
})
