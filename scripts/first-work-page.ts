import type { Plugin } from 'vite'
import { FIRST_WORK_HTML } from '../contract/first-work-pages.ts'

/** The files of scripts/first-work-split.ts that every annotator's screen imports. */
const FIRST_WORK_FILES = ['ui-kit', 'work']

/** index.html with the first-work files preloaded at low priority, after what the page needs. */
export function withFirstWorkPreloads(indexHtml: string, files: string[]): string {
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>')
  // Low priority: the sign-in frame, its stylesheet and the start-up script come first, so the
  // frame shows as early as on any other page; the preloads take the bandwidth they leave.
  const links = files.map(
    (file) => `\n    <link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`,
  )
  return indexHtml.replace('</head>', `${links.join('')}\n  </head>`)
}

/**
 * Writes `first-work.html` beside index.html (FIRST_WORK_HTML in contract/first-work-pages.ts).
 * From index.html alone the browser asks for the annotation screen's code only once the start-up
 * script has downloaded and run: on a phone's slow network that is a round trip and the script's
 * evaluation added before the screen can draw. Fails the build when a first-work file is missing,
 * so the page cannot quietly lose its preloads.
 */
export function firstWorkPage(): Plugin {
  return {
    name: 'first-work-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (index?.type !== 'asset') this.error('the build wrote no index.html')
      const files = FIRST_WORK_FILES.map((name) => {
        const chunk = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.name === name && !output.isEntry,
        )
        if (!chunk)
          this.error(`the build wrote no "${name}" file to preload on the first-work pages`)
        return chunk.fileName
      })
      this.emitFile({
        type: 'asset',
        fileName: FIRST_WORK_HTML,
        source: withFirstWorkPreloads(String(index.source), files),
      })
    },
  }
}
