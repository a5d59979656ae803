import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DISPLAY_LANGUAGES } from '../../contract/constants'
import { LINGUI_NUMBER_FUNCTION, withPlainCounts } from '../../scripts/lingui-plain-counts'
import { plainCount } from './plain-count'

describe('plain counts', () => {
  it('writes every whole number below 1,000 as each display language’s number formatter does', () => {
    for (const language of DISPLAY_LANGUAGES) {
      const formatter = new Intl.NumberFormat([language, 'en'])
      for (let value = 0; value < 1000; value += 1) {
        expect(plainCount([language, 'en'], value, undefined)).toBe(formatter.format(value))
      }
    }
  })

  it('leaves to the formatter what it might write otherwise', () => {
    expect(plainCount(['en', 'en'], 1000, undefined)).toBeNull()
    expect(plainCount(['pl', 'en'], 12345, undefined)).toBeNull()
    expect(plainCount(['en', 'en'], 1.5, undefined)).toBeNull()
    expect(plainCount(['ru', 'en'], -1, undefined)).toBeNull()
    expect(plainCount(['en', 'en'], 5, { style: 'percent' })).toBeNull()
    expect(plainCount(['ar', 'en'], 5, undefined)).toBeNull()
    expect(plainCount(['en', 'en'], '5', undefined)).toBeNull()
  })
})

describe('the build’s change to Lingui', () => {
  const require = createRequire(import.meta.url)
  const linguiCore = path.join(
    path.dirname(require.resolve('@lingui/core/package.json')),
    'dist',
    'index.mjs',
  )

  it('puts plain counts in front of the number formatter of the installed Lingui', () => {
    const changed = withPlainCounts(fs.readFileSync(linguiCore, 'utf8'), '/app/plain-count.ts')
    expect(
      changed.startsWith('import { plainCount as __plainCount } from "/app/plain-count.ts";'),
    ).toBe(true)
    const head = changed.indexOf(LINGUI_NUMBER_FUNCTION)
    expect(changed.slice(head, head + 200)).toContain(
      'const plain = __plainCount(locales, value, format);\n  if (plain !== null) return plain;',
    )
  })

  it('fails the build when Lingui no longer has that formatter', () => {
    expect(() =>
      withPlainCounts('export function number(value) {}', '/app/plain-count.ts'),
    ).toThrow(/no longer has/)
  })
})
