import path from 'node:path'
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Plugin } from 'vite'
import { firstWorkSourceFiles } from './first-work-split.ts'

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
  'src/pwa/UpdatePrompt.tsx',
  'src/routes/',
  'src/main.tsx',
]

/**
 * Shared UI parts under those folders that only signed-in pages draw (confirmations, lists'
 * paging, the key-value editor, values shown once, date inputs): their messages wait for the
 * whole catalog like their pages'.
 */
const SIGNED_IN_UI_SOURCES = [
  'src/ui/ConfirmDialog.tsx',
  'src/ui/KeyValueEditor.tsx',
  'src/ui/ListPaging.tsx',
  'src/ui/PagedList.tsx',
  'src/ui/PageButtons.tsx',
  'src/ui/ShownOnce.tsx',
  'src/ui/forms/calendar-labels.ts',
  'src/ui/forms/DayInput.tsx',
  'src/ui/forms/MomentInput.tsx',
]

/** The partial catalogs, by the query naming them: whether a source file's messages are in it. */
const PARTIAL_CATALOGS: Record<string, () => (source: string) => boolean> = {
  '?first-screen': () => (source) =>
    FIRST_SCREEN_SOURCES.some((prefix) => source.startsWith(prefix)) &&
    !SIGNED_IN_UI_SOURCES.includes(source),
  '?first-work': () => {
    const files = firstWorkSourceFiles()
    return (source) => files.has(source)
  },
}

const partialQuery = (id: string) =>
  Object.keys(PARTIAL_CATALOGS).find((query) => id.endsWith(query)) ?? null

/**
 * `locales/<locale>/messages.po?first-screen`: the catalog compiled with only the messages used by
 * FIRST_SCREEN_SOURCES (by the origins the extractor wrote). English ships in the start-up script
 * this way, about a tenth of its whole catalog; the rest loads when a signed-in page is opened.
 * `?first-work`: the messages of the annotator's screens and the signed-in frame, and of every
 * source they import (scripts/first-work-split.ts), which those screens wait for instead of the
 * whole catalog.
 */
export function firstScreenCatalog(): Plugin {
  const config = getConfig({ cwd: process.cwd() })
  const includes = new Map<string, (source: string) => boolean>()
  return {
    name: 'first-screen-catalog',
    enforce: 'pre',
    async resolveId(source, importer) {
      const query = partialQuery(source)
      if (!query || !source.slice(0, -query.length).endsWith('.po')) return null
      const resolved = await this.resolve(source.slice(0, -query.length), importer)
      return resolved ? `${resolved.id}${query}` : null
    },
    async load(id) {
      const query = partialQuery(id)
      if (!query) return null
      const file = id.slice(0, -query.length)
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
      let included = includes.get(query)
      if (!included) {
        included = PARTIAL_CATALOGS[query]!()
        includes.set(query, included)
      }
      const partial = Object.fromEntries(
        Object.entries(messages).filter(([id]) =>
          (entries[id]?.origin ?? []).some(([source]) => included(source)),
        ),
      )
      const { source: code, errors } = createCompiledCatalog(locale, partial, {
        namespace: 'es',
      })
      if (errors.length) throw new Error(`${file}: ${errors.length} messages did not compile`)
      return { code, moduleType: 'js' }
    },
  }
}
