import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DISPLAY_LANGUAGES } from '../../contract/constants'

type Entry = { msgid: string; msgstr: string }

/** Reads msgid/msgstr pairs of a PO file, joining continued "…" lines. */
function readCatalog(language: string): Entry[] {
  const text = fs.readFileSync(path.join('locales', language, 'messages.po'), 'utf8')
  const entries: Entry[] = []
  let current: Partial<Entry> = {}
  let field: keyof Entry | null = null
  for (const line of text.split('\n')) {
    const start = line.match(/^(msgid|msgstr) "(.*)"$/)
    if (start) {
      field = start[1] as keyof Entry
      current[field] = JSON.parse(`"${start[2]}"`)
      if (field === 'msgstr') {
        entries.push(current as Entry)
        current = {}
      }
    } else if (line.startsWith('"') && field) {
      const last = field === 'msgstr' ? entries[entries.length - 1] : current
      if (last) last[field] = `${last[field] ?? ''}${JSON.parse(line)}`
    } else {
      field = null
    }
  }
  return entries.filter((entry) => entry.msgid !== '')
}

/** Placeholders ({name}, {0}) and numbered tags (<0>, </0>) that a translation must keep. */
function tokens(message: string): string[] {
  const placeholders = message.match(/\{\w+\}|<\/?\d+>/g) ?? []
  return [...placeholders].sort()
}

const source = readCatalog('en')

describe('message catalogs', () => {
  it('hold the English source text', () => {
    expect(source.length).toBeGreaterThan(100)
    for (const entry of source) expect(entry.msgstr || entry.msgid).not.toBe('')
  })

  for (const language of DISPLAY_LANGUAGES.filter((code) => code !== 'en')) {
    it(`translate every message into ${language} with the same placeholders`, () => {
      const translated = new Map(readCatalog(language).map((entry) => [entry.msgid, entry.msgstr]))
      const missing = source.filter((entry) => !translated.get(entry.msgid))
      expect(missing.map((entry) => entry.msgid)).toEqual([])
      const broken = source.filter(
        (entry) =>
          !/\{\w+, (plural|select)/.test(entry.msgid) &&
          tokens(entry.msgid).join() !== tokens(translated.get(entry.msgid) ?? '').join(),
      )
      expect(broken.map((entry) => entry.msgid)).toEqual([])
    })
  }
})
