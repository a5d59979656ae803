import type { DiacriticSign } from './auth'

/** A sign, then optionally blanks, a dash and a description ('ą - a with ogonek'). */
const LINE = /^(.*?)\s+-(?:\s+(.*))?$/

/**
 * Parses the spec's sign list text format: one sign per line, optionally followed by a dash and
 * a description. Lines are trimmed, empty lines dropped, and a sign listed twice is kept once
 * (its first description wins). Only a dash after a blank separates, so signs such as '-' or
 * 'a-b' stay whole.
 */
export function parseSignList(text: string): DiacriticSign[] {
  const signs: DiacriticSign[] = []
  const seen = new Set<string>()
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim()
    if (line === '') continue
    const match = LINE.exec(line)
    const sign = (match ? (match[1] ?? '') : line).trim()
    const description = (match?.[2] ?? '').trim()
    if (sign === '' || seen.has(sign)) continue
    seen.add(sign)
    signs.push({ sign, description })
  }
  return signs
}

/** The signs as sign list text: parseSignList reads back the list it was made from. */
export function formatSignList(signs: readonly DiacriticSign[]): string {
  return signs
    .map(({ sign, description }) => (description === '' ? sign : `${sign} - ${description}`))
    .join('\n')
}
