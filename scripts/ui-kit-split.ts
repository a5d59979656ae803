import fs from 'node:fs'
import path from 'node:path'
import type { ChunkingContext } from 'rolldown'

/**
 * Sources of the signed-in frame, the sign-in forms, the annotator's screens and what every page
 * loads once it has settled (notifications, the update offer): the UI kit's
 * components they use (with whatever those use in turn) make the `ui-kit` file, which the
 * annotation screen waits for; the ones only other areas use (paged tables, number and tag inputs,
 * tabs, accordions...) make `ui-kit-more`, which a phone opening its work does not download first.
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
  'src/ui/deferred',
  'src/widgets',
]

const MANTINE_CORE = path.resolve('node_modules/@mantine/core/esm')
const MANTINE_COMPONENTS = path.join(MANTINE_CORE, 'components')
const LOCAL_SOURCE = /^[^?\0]*[\\/](src|contract)[\\/][^?]*\.tsx?$/
const NAMES_FROM_MANTINE = /import\s*(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g

/** Which module of @mantine/core each of its exported names comes from (read off its index). */
function mantineModulesByName(): Map<string, string> {
  const index = fs.readFileSync(path.join(MANTINE_CORE, 'index.mjs'), 'utf8')
  const byName = new Map<string, string>()
  for (const [, names = '', from = ''] of index.matchAll(/import \{([^}]*)\} from "(\.[^"]+)"/g)) {
    for (const name of names.split(',')) {
      const exported = name
        .trim()
        .split(/\s+as\s+/)
        .pop()
      if (exported) byName.set(exported, path.join(MANTINE_CORE, from))
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

/** Every module the first work screens need: their own, the local ones and the kit's ones. */
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
  const byName = mantineModulesByName()
  const kitEntries = [...needed].flatMap((id) =>
    [...fs.readFileSync(id, 'utf8').matchAll(NAMES_FROM_MANTINE)].flatMap(([, names = '']) =>
      names
        .split(',')
        .map((name) => byName.get(name.trim().replace(/^type\s+/, '')))
        .filter((module) => module !== undefined),
    ),
  )
  for (const entry of kitEntries) visit(entry, (imported) => imported.startsWith(MANTINE_CORE))
  return needed
}

let firstWork: Set<string> | null = null

/** The chunk of a UI-kit module: `ui-kit`, or `ui-kit-more` for components no first work screen uses. */
export function uiKitChunk(id: string, context: ChunkingContext): string {
  firstWork ??= firstWorkModules(context)
  return id.startsWith(MANTINE_COMPONENTS) && !firstWork.has(id) ? 'ui-kit-more' : 'ui-kit'
}
