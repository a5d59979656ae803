import fs from 'node:fs'
import path from 'node:path'
import type { ChunkingContext } from 'rolldown'

/**
 * Sources of the signed-in frame, the sign-in forms, the annotator's screens and what every page
 * loads once it has settled (notifications, the update offer). What they use of the UI kit, the
 * icons and the contract's schemas is in the `ui-kit` and `work` files, which the annotation
 * screen waits for; what only other areas use (paged tables, number and tag inputs, tabs, their
 * icons, the admin and finance schemas...) is in `other-areas`, which a phone opening its work
 * does not download first.
 */
export const FIRST_WORK_SOURCES = [
  'src/features/annotate',
  'src/features/auth',
  'src/features/policies',
  'src/features/protocols',
  'src/features/shell',
  'src/features/tasks',
  'src/offline',
  'src/pwa',
  'src/routes/_app/tasks',
  'src/ui/deferred',
  'src/widgets',
]

/** The UI kit: Mantine and what its overlays use. */
export const UI_KIT =
  /[\\/]node_modules[\\/](@mantine[\\/]core|@mantine[\\/]hooks|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce)[\\/]/

/** The annotator's screens, the offline outbox, the contract and what they share with others. */
export const WORK =
  /[\\/](src[\\/](features[\\/](annotate|tasks|protocols)|widgets|offline)|contract)[\\/]|[\\/]node_modules[\\/](@tabler[\\/]icons-react[\\/]|dayjs[\\/](?!locale[\\/])|@tanstack[\\/](query-core|react-query)[\\/])/

/** Packages imported by name from one index file, whose modules are each used or not. */
const MANTINE_CORE = {
  specifier: '@mantine/core',
  index: path.resolve('node_modules/@mantine/core/esm/index.mjs'),
  modules: path.resolve('node_modules/@mantine/core/esm/components'),
}
const BARRELS = [
  MANTINE_CORE,
  {
    specifier: '@tabler/icons-react',
    index: path.resolve('node_modules/@tabler/icons-react/dist/esm/tabler-icons-react.mjs'),
    modules: path.resolve('node_modules/@tabler/icons-react/dist/esm/icons'),
  },
]

const CONTRACT = path.resolve('contract')
const LOCAL_SOURCE = /^[^?\0]*[\\/](src|contract)[\\/][^?]*\.tsx?$/

/** Which module each name the barrel exports comes from (read off its import and export lines). */
function modulesByName(index: string): Map<string, string> {
  const byName = new Map<string, string>()
  const lines = fs
    .readFileSync(index, 'utf8')
    .matchAll(/(?:import|export) \{([^}]*)\} from ["'](\.[^"']+)["']/g)
  for (const [, names = '', from = ''] of lines) {
    for (const name of names.split(',')) {
      const exported = name
        .trim()
        .split(/\s+as\s+/)
        .pop()
      if (exported) byName.set(exported, path.join(path.dirname(index), from))
    }
  }
  return byName
}

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.resolve(folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.resolve(folder, file))
}

/** The modules of a barrel whose names the sources import from it. */
function modulesImportedByName(sources: string[], barrel: (typeof BARRELS)[number]): string[] {
  const byName = modulesByName(barrel.index)
  const importsByName = new RegExp(
    `import\\s*(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${barrel.specifier}['"]`,
    'g',
  )
  return sources.flatMap((source) =>
    [...source.matchAll(importsByName)].flatMap(([, names = '']) =>
      names.split(',').flatMap((name) => byName.get(name.trim().replace(/^type\s+/, '')) ?? []),
    ),
  )
}

/** Every module the first work screens import statically: local ones, then the barrels' ones. */
function firstWorkModules(context: ChunkingContext): Set<string> {
  const needed = new Set<string>()
  const visit = (id: string, within: (imported: string) => boolean) => {
    if (needed.has(id)) return
    const info = context.getModuleInfo(id)
    if (!info) return
    needed.add(id)
    for (const imported of info.importedIds) if (within(imported)) visit(imported, within)
  }
  for (const file of FIRST_WORK_SOURCES.flatMap(sourceFiles)) {
    visit(file, (imported) => LOCAL_SOURCE.test(imported))
  }
  const localSources = [...needed].map((id) => fs.readFileSync(id, 'utf8'))
  for (const barrel of BARRELS) {
    const packageRoot = path.dirname(barrel.index)
    for (const entry of modulesImportedByName(localSources, barrel)) {
      visit(entry, (imported) => imported.startsWith(packageRoot))
    }
  }
  return needed
}

/** Relative imports and re-exports, with whether they are of types only (left out). */
const RELATIVE_IMPORT =
  /(?:^|\n)\s*(?:import|export)(\s+type\b)?[^'"]*?['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]/g
/** The route registry: its routes' pages are loaded lazily, each with its own messages. */
const ROUTE_TREE = path.resolve('src/routeTree.gen.ts')

/** The file a relative import names, with the extensions the bundler tries. */
function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file)) ?? null
}

/**
 * FIRST_WORK_SOURCES with every local source they import, statically or lazily, as paths from
 * the project root: their messages make the `?first-work` catalog.
 */
export function firstWorkSourceFiles(): Set<string> {
  const files = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file) || file === ROUTE_TREE) return
    files.add(file)
    for (const [, typesOnly, specifier, lazy] of fs
      .readFileSync(file, 'utf8')
      .matchAll(RELATIVE_IMPORT)) {
      const imported = typesOnly ? null : resolveLocal(file, specifier ?? lazy ?? '')
      if (imported) visit(imported)
    }
  }
  for (const file of FIRST_WORK_SOURCES.flatMap(sourceFiles)) visit(file)
  return new Set([...files].map((file) => path.relative(process.cwd(), file)))
}

const PACKAGE_IMPORT = /(?:from|import)\s*["'](\.{1,2}\/[^"']+\.mjs)["']/g
/** A Mantine component's class names module, named like its stylesheet in `styles/`. */
const CLASS_NAMES_MODULE = /[\\/]([A-Za-z]+)\.module\.mjs$/

/**
 * Mantine's per-component stylesheets (`@mantine/core/styles/<Name>.layer.css`) of every
 * component the first work sources (with what they load lazily) import and of the components
 * those are made of: what the start-up stylesheet must hold for the annotator's screens to need
 * no other (src/ui/styles/start-up-styles.test.tsx).
 */
export function firstWorkStyleSheets(): string[] {
  const sources = [...firstWorkSourceFiles()].map((file) => fs.readFileSync(file, 'utf8'))
  const modules = new Set<string>()
  const visit = (module: string) => {
    if (modules.has(module)) return
    modules.add(module)
    for (const [, specifier = ''] of fs.readFileSync(module, 'utf8').matchAll(PACKAGE_IMPORT)) {
      visit(path.resolve(path.dirname(module), specifier))
    }
  }
  for (const entry of modulesImportedByName(sources, MANTINE_CORE)) visit(entry)
  const sheets = [...modules].flatMap((module) => CLASS_NAMES_MODULE.exec(module)?.[1] ?? [])
  return [...new Set(sheets)].sort().map((sheet) => `@mantine/core/styles/${sheet}.layer.css`)
}

let firstWork: Set<string> | null = null

/**
 * The file of a UI-kit or work module that a first work screen uses: `ui-kit` or `work`; null
 * for the rest, which the `other-areas` group after this one takes.
 */
export function firstWorkChunk(id: string, context: ChunkingContext): string | null {
  firstWork ??= firstWorkModules(context)
  const usedOnlyLater =
    (id.startsWith(CONTRACT) || BARRELS.some((barrel) => id.startsWith(barrel.modules))) &&
    !firstWork.has(id)
  if (usedOnlyLater) return null
  return UI_KIT.test(id) ? 'ui-kit' : 'work'
}

/** Whether a module goes to one of the UI-kit, work and other-areas files. */
export const sharedByAreas = (id: string): boolean => UI_KIT.test(id) || WORK.test(id)
