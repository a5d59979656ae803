import type { ApiIndex } from '../../../contract/api-index'
import { API_DOCS_PATH, API_SCHEMA_PATH } from '../../../contract/constants'
import packageJson from '../../../package.json' with { type: 'json' }

export const API_NAME = 'Crowdwork API'

export function apiIndex(): ApiIndex {
  return {
    name: API_NAME,
    version: packageJson.version,
    documentation: API_DOCS_PATH,
    schema: API_SCHEMA_PATH,
  }
}

type MediaRange = { type: string; quality: number }

function mediaRanges(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part) => {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    const quality = q === undefined ? 1 : Number(q.slice(2))
    return type && Number.isFinite(quality) ? [{ type, quality }] : []
  })
}

const specificity = (range: string) => (range === '*/*' ? 0 : range.endsWith('/*') ? 1 : 2)

/** The quality an Accept header gives a media type: that of the most specific range naming it. */
function qualityOf(ranges: MediaRange[], type: string): number {
  const major = type.split('/')[0]
  const naming = ranges
    .filter((range) => range.type === type || range.type === `${major}/*` || range.type === '*/*')
    .sort((a, b) => specificity(b.type) - specificity(a.type))
  return naming[0]?.quality ?? 0
}

/**
 * Whether a request's Accept header prefers an HTML page (a browser following a link) to JSON.
 * Programs, and anyone who names neither or both alike, get JSON: the API's answer.
 */
export function prefersHtml(accept: string | undefined): boolean {
  const ranges = mediaRanges(accept ?? '')
  return qualityOf(ranges, 'text/html') > qualityOf(ranges, 'application/json')
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** The same index as a small page for a browser, readable on a phone. */
export function apiIndexPage(index: ApiIndex): string {
  const link = (href: string, label: string) =>
    `<li><a href="${escapeHtml(href)}">${escapeHtml(label)}</a> <code>${escapeHtml(href)}</code></li>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(index.name)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1.5rem 1rem; color: #212529; }
main { max-width: 40rem; margin: 0 auto; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
ul { padding-left: 1.25rem; }
li { margin: .5rem 0; overflow-wrap: anywhere; }
code { color: #495057; font-size: .875rem; }
@media (prefers-color-scheme: dark) { body { background: #1a1b1e; color: #e9ecef; } a { color: #74c0fc; } code { color: #adb5bd; } }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(index.name)}</h1>
<p>Version ${escapeHtml(index.version)}</p>
<ul>
${link(index.documentation, 'Documentation (Swagger UI)')}
${link(index.schema, 'OpenAPI schema (JSON)')}
</ul>
<p>Programs get this index as JSON (<code>Accept: application/json</code>).</p>
</main>
</body>
</html>
`
}
