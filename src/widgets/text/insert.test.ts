import { describe, expect, it } from 'vitest'
import { insertAtSelection, insertDictation, insertSeparated, replaceNewlines } from './insert'

describe('insertAtSelection', () => {
  it('inserts at the cursor and moves the cursor after the insertion', () => {
    expect(insertAtSelection('hello world', { start: 5, end: 5 }, '[noise]')).toEqual({
      text: 'hello[noise] world',
      selection: { start: 12, end: 12 },
    })
  })

  it('replaces a selection when there is no closing tag', () => {
    expect(insertAtSelection('abc', { start: 1, end: 2 }, 'X').text).toBe('aXc')
  })

  it('wraps the selection with the opening and closing tags', () => {
    expect(insertAtSelection('say bonjour now', { start: 4, end: 11 }, '<f>', '</f>')).toEqual({
      text: 'say <f>bonjour</f> now',
      selection: { start: 18, end: 18 },
    })
  })

  it('puts the cursor between the tags when nothing is selected', () => {
    expect(insertAtSelection('ab', { start: 1, end: 1 }, '<f>', '</f>')).toEqual({
      text: 'a<f></f>b',
      selection: { start: 4, end: 4 },
    })
  })

  it('clamps a selection outside the text', () => {
    expect(insertAtSelection('ab', { start: 9, end: 9 }, '!').text).toBe('ab!')
  })
})

describe('insertSeparated', () => {
  it('keeps a tag apart from the words it lands between, with the cursor after it', () => {
    expect(insertSeparated('helloworld', { start: 5, end: 5 }, '[noise]')).toEqual({
      text: 'hello [noise] world',
      selection: { start: 14, end: 14 },
    })
  })

  it('adds no space where there is one, at either end, or next to brackets and punctuation', () => {
    expect(insertSeparated('hello world', { start: 5, end: 5 }, '[noise]').text).toBe(
      'hello [noise] world',
    )
    expect(insertSeparated('hello ', { start: 6, end: 6 }, '[noise]').text).toBe('hello [noise]')
    expect(insertSeparated('', { start: 0, end: 0 }, '[noise]').text).toBe('[noise]')
    expect(insertSeparated('hello.', { start: 5, end: 5 }, '[noise]').text).toBe('hello [noise].')
    expect(insertSeparated('()', { start: 1, end: 1 }, '[12.5]').text).toBe('([12.5])')
  })

  it('keeps a wrapped selection apart from its neighbours, the cursor between empty tags', () => {
    expect(insertSeparated('saybonjournow', { start: 3, end: 10 }, '<f>', '</f>').text).toBe(
      'say <f>bonjour</f> now',
    )
    expect(insertSeparated('ab', { start: 1, end: 1 }, '<f>', '</f>')).toEqual({
      text: 'a <f></f> b',
      selection: { start: 5, end: 5 },
    })
  })
})

describe('insertDictation', () => {
  it('separates dictated words from neighbouring words with spaces', () => {
    expect(insertDictation('onetwo', { start: 3, end: 3 }, ' and ').text).toBe('one and two')
    expect(insertDictation('one ', { start: 4, end: 4 }, 'two').text).toBe('one two')
    expect(insertDictation('', { start: 0, end: 0 }, 'hello').text).toBe('hello')
  })
})

describe('replaceNewlines', () => {
  it('replaces every newline and moves the cursor by the change before it', () => {
    expect(replaceNewlines('a\nb\r\nc', 3, ' / ')).toEqual({
      text: 'a / b / c',
      selection: { start: 5, end: 5 },
    })
  })
})
