/** A level-one heading opening a Markdown text: `# Title` (ATX) or `Title` over `===` (setext). */
const OPENING_HEADING =
  /^\s*(?:#[ \t]+([^\n]*?)(?:[ \t]+#+)?[ \t]*|([^\n]+)\r?\n=+[ \t]*)(?:\r?\n|$)/

const comparable = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase()

/**
 * A protocol's text without its opening level-one heading when that heading only repeats the
 * protocol's name, which the page already shows as its title with the version. Any other text is
 * returned as it is.
 */
export function withoutRepeatedTitle(markdown: string, name: string | undefined): string {
  if (!name) return markdown
  const opening = OPENING_HEADING.exec(markdown)
  const heading = opening?.[1] ?? opening?.[2]
  if (heading === undefined || comparable(heading) !== comparable(name)) return markdown
  return markdown.slice(opening![0].length).replace(/^\s*\n/, '')
}
