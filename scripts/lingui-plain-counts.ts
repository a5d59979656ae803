import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const LINGUI_CORE = /[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/
/** The head of Lingui's internal number formatter, which plurals' counts go through. */
export const LINGUI_NUMBER_FUNCTION = 'function number(locales, value, format) {'

/**
 * Puts src/i18n/plain-count.ts (which says why) in front of Lingui's number formatting. Lingui
 * offers no hook for it; the build fails when a Lingui version no longer has the function, so the
 * change cannot silently fall away.
 */
export function linguiPlainCounts(): Plugin {
  const helper = fileURLToPath(new URL('../src/i18n/plain-count.ts', import.meta.url))
  return {
    name: 'lingui-plain-counts',
    transform(code, id) {
      if (!LINGUI_CORE.test(id)) return null
      return withPlainCounts(code, helper)
    },
  }
}

/** Lingui's core module with plain counts; throws when its number formatter is not found. */
export function withPlainCounts(code: string, helperPath: string): string {
  if (!code.includes(LINGUI_NUMBER_FUNCTION)) {
    throw new Error(
      `@lingui/core no longer has "${LINGUI_NUMBER_FUNCTION}": update scripts/lingui-plain-counts.ts`,
    )
  }
  return [
    `import { plainCount as __plainCount } from ${JSON.stringify(helperPath)};`,
    code.replace(
      LINGUI_NUMBER_FUNCTION,
      `${LINGUI_NUMBER_FUNCTION}\n  const plain = __plainCount(locales, value, format);\n  if (plain !== null) return plain;`,
    ),
  ].join('\n')
}
