import { describe, expect, it } from 'vitest'
import { unifiedLineDiff } from './line-diff'

/** Rebuilds both texts from a diff's hunks, checking that the diff says what it claims. */
function sides(diff: string) {
  const lines = diff.split('\n').slice(2)
  return {
    before: lines.filter((line) => line[0] === ' ' || line[0] === '-').map((line) => line.slice(1)),
    after: lines.filter((line) => line[0] === ' ' || line[0] === '+').map((line) => line.slice(1)),
  }
}

describe('unifiedLineDiff', () => {
  it('is empty for texts with the same lines', () => {
    expect(unifiedLineDiff('a\nb\n', 'a\r\nb')).toBe('')
    expect(unifiedLineDiff('', '')).toBe('')
  })

  it('writes one hunk with context and line ranges', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n')
    const after = ['1', '2', '3', '4', 'five', '6', '7', '8', '9', '10'].join('\n')
    expect(unifiedLineDiff(before, after, { fromLabel: 'version 1', toLabel: 'version 2' })).toBe(
      [
        '--- version 1',
        '+++ version 2',
        '@@ -2,8 +2,9 @@',
        ' 2',
        ' 3',
        ' 4',
        '-5',
        '+five',
        ' 6',
        ' 7',
        ' 8',
        ' 9',
        '+10',
      ].join('\n'),
    )
  })

  it('splits distant changes into hunks', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`)
    const after = [...before]
    after[0] = 'first'
    after[19] = 'last'
    const diff = unifiedLineDiff(before.join('\n'), after.join('\n'))
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toEqual([
      '@@ -1,4 +1,4 @@',
      '@@ -17,4 +17,4 @@',
    ])
  })

  it('handles a text made from nothing and a text emptied', () => {
    expect(unifiedLineDiff('', 'a\nb')).toBe('--- before\n+++ after\n@@ -0,0 +1,2 @@\n+a\n+b')
    expect(unifiedLineDiff('a', '')).toBe('--- before\n+++ after\n@@ -1 +0,0 @@\n-a')
  })

  it('property: with full context the hunk rebuilds both texts, and edits are minimal', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    for (let round = 0; round < 200; round++) {
      const make = () =>
        Array.from({ length: Math.floor(random() * 12) }, () => 'abcd'[Math.floor(random() * 4)]!)
      const before = make()
      const after = make()
      const diff = unifiedLineDiff(before.join('\n'), after.join('\n'), { context: 1000 })
      if (diff === '') {
        expect(after).toEqual(before)
        continue
      }
      expect(sides(diff)).toEqual({ before, after })
      // A shortest edit script removes and adds exactly the lines outside a longest common
      // subsequence.
      const changes = diff.split('\n').filter((line) => /^[-+][^-+]?$/.test(line)).length
      expect(changes).toBe(before.length + after.length - 2 * lcsLength(before, after))
    }
  })
})

function lcsLength(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] =
        a[i - 1] === b[j - 1]
          ? table[i - 1]![j - 1]! + 1
          : Math.max(table[i - 1]![j]!, table[i]![j - 1]!)
    }
  }
  return table[a.length]![b.length]!
}
