import path from 'node:path'
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Plugin } from 'vite'

/**
 * Sources of the screens a visitor can see before signing in: the shell, sign-in and its sibling
 * pages, the policies, shared UI parts, the update prompt. Every signed-in route waits for the
 * whole catalog (src/routes/_app.tsx), so only these must be in the first-screen one.
 */
export const FIRST_SCREEN_SOURCES = [
  'src/features/auth/',
  'src/features/shell/',
  'src/features/policies/',
  'src/ui/',
  'src/api/',
  'src/pwa/',
  'src/routes/',
  'src/main.tsx',
]

const QUERY = '?first-screen'

/**
 * `locales/<locale>/messages.po?first-screen`: the catalog compiled with only the messages used by
 * FIRST_SCREEN_SOURCES (by the origins the extractor wrote). English ships in the start-up script
 * this way, about a tenth of its whole catalog; the rest loads when a signed-in page is opened.
 */
export function firstScreenCatalog(): Plugin {
  const config = getConfig({ cwd: process.cwd() })
  return {
    name: 'first-screen-catalog',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(`.po${QUERY}`)) return null
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer)
      return resolved ? `${resolved.id}${QUERY}` : null
    },
    async load(id) {
      if (!id.endsWith(QUERY)) return null
      const file = id.slice(0, -QUERY.length)
      this.addWatchFile(file)
      const found = getCatalogForFile(
        path.relative(config.rootDir, file),
        await getCatalogs(config),
      )
      if (!found) throw new Error(`${file} is not a catalog of lingui.config.ts`)
      const { locale, catalog } = found
      const entries = (await catalog.read(locale)) ?? {}
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales,
        sourceLocale: config.sourceLocale,
      })
      const firstScreen = Object.fromEntries(
        Object.entries(messages).filter(([id]) =>
          (entries[id]?.origin ?? []).some(([source]) =>
            FIRST_SCREEN_SOURCES.some((prefix) => source.startsWith(prefix)),
          ),
        ),
      )
      const { source: code, errors } = createCompiledCatalog(locale, firstScreen, {
        namespace: 'es',
      })
      if (errors.length) throw new Error(`${file}: ${errors.length} messages did not compile`)
      return { code, moduleType: 'js' }
    },
  }
}
