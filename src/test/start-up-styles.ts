import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

// Paths from the project root: tests run in jsdom, where import.meta.url is not a file URL.
const resolvePackageFile = createRequire(path.resolve('package.json')).resolve

export const readPackageFile = (specifier: string) =>
  fs.readFileSync(resolvePackageFile(specifier), 'utf8')

/** What src/ui/styles/start-up.css imports, in its order. */
export const startUpStyleImports = [
  ...fs
    .readFileSync(path.resolve('src/ui/styles/start-up.css'), 'utf8')
    .matchAll(/^@import "([^"]+)";$/gm),
].map(([, specifier]) => specifier as string)

/** Mantine's component classes (`m_` and a hash) the start-up stylesheet styles. */
const startUpClasses = new Set(
  [
    ...startUpStyleImports
      .map(readPackageFile)
      .join('\n')
      .matchAll(/\.(m_[0-9a-f]+)/g),
  ].map(([, name]) => name as string),
)

/**
 * Mantine classes in the document (portals and notifications included) that the start-up
 * stylesheet lacks: what a signed-out screen drawing them would show unstyled.
 */
export function classesMissingFromStartUpStyles(): string[] {
  const names = [...document.querySelectorAll('[class]')].flatMap((element) => [
    ...element.classList,
  ])
  return [...new Set(names.filter((name) => name.startsWith('m_') && !startUpClasses.has(name)))]
}
