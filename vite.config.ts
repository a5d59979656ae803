import { fileURLToPath } from 'node:url'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'
import { FIRST_WORK_HTML } from './contract/first-work-pages.ts'
import packageJson from './package.json' with { type: 'json' }
import { firstScreenCatalog } from './scripts/first-screen-catalog.ts'
import { firstWorkPage } from './scripts/first-work-page.ts'
import { firstWorkChunk, sharedByAreas } from './scripts/first-work-split.ts'
import { linguiPlainCounts } from './scripts/lingui-plain-counts.ts'

/** Mantine's id hook, replaced by src/ui/mantine-use-id.ts (which says why). */
function mantineStableIds(): Plugin {
  const replacement = fileURLToPath(new URL('./src/ui/mantine-use-id.ts', import.meta.url))
  return {
    name: 'mantine-stable-ids',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromMantineHooks = importer && /[\\/]@mantine[\\/]hooks[\\/]/.test(importer)
      return fromMantineHooks && source.endsWith('use-id/use-id.mjs') ? replacement : null
    },
  }
}

const serverTests = (name: string, database: 'pglite' | 'postgres') => ({
  extends: false as const,
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.test.ts'],
    env: { TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  plugins: [
    mantineStableIds(),
    linguiPlainCounts(),
    firstScreenCatalog(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader (with the queries and contract schemas it pulls in) comes with its page,
      // in one request, instead of in the start-up bundle every visitor downloads.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    firstWorkPage(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Crowdwork',
        short_name: 'Crowdwork',
        description: 'Annotate, review and get paid for your work, online or offline.',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-512-maskable.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // Catalogs of other display languages and the pdf.js worker are cached when first used.
        // The first-work page only serves a first visit: the worker answers pages with index.html.
        globIgnores: ['**/locales/**', '**/pdf.worker*', FIRST_WORK_HTML],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      includeManifestIcons: false,
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [
      // The shims of useSyncExternalStore (for React before 18) that Lingui and the router's store
      // import: React 19 has the hook, so the start-up script does without the fallback.
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  server: {
    proxy: {
      // The API trusts unsafe requests from its own configured origin only, so the dev server
      // presents its pages' requests as coming from there.
      '/api': { target: 'http://127.0.0.1:8080', headers: { origin: 'http://127.0.0.1:8080' } },
    },
  },
  build: {
    outDir: 'dist',
    modulePreload: {
      // Every browser the app supports preloads modules itself (Chrome 66, Firefox 115, Safari 17).
      polyfill: false,
      // A lazily loaded file's imports are fetched beside it only when they are the three large
      // shared files; small shared ones follow when it runs, a round trip later on a first visit
      // (the service worker serves them afterwards). Listing every file's imports in the start-up
      // script cost it 4 KiB gzipped.
      resolveDependencies: (_file, dependencies) =>
        dependencies.filter((dependency) =>
          /(^|\/)(ui-kit|work|other-areas)-[\w-]{8}\.js$/.test(dependency),
        ),
    },
    rolldownOptions: {
      output: {
        // What the first page needs statically comes as one file: one request (browsers open
        // six connections per server over HTTP/1.1) and one compression stream, instead of
        // dozens of small shared chunks. The UI kit's components used only by later code come as
        // one more file, fetched with the first page that needs any of them: a slow phone
        // otherwise queues some twenty small files of it behind six connections before the
        // sign-in page and its cookie banner can show (the service worker fetches every file
        // for offline use afterwards either way). The annotator's screens (the task list, the
        // annotation screen, protocols, widgets, the offline outbox, the contract's schemas, the
        // icons and the query hooks they use) come as one file too: as some forty small files
        // they took about a second of round trips before the annotation screen could ask for its
        // item set. What of the kit, the icons and the schemas only the other areas use is a
        // third file (scripts/first-work-split.ts), so the annotation screen waits for less.
        codeSplitting: {
          groups: [
            { name: 'start-up', tags: ['$initial'] },
            // Taken first, with what they import: a module both use stays in ui-kit or work.
            { debugName: 'ui-kit and work', name: firstWorkChunk, test: sharedByAreas },
            { name: 'other-areas', test: sharedByAreas },
          ],
        },
        // Catalogs of other display languages are cached when first chosen; English (the whole
        // catalog, loaded after the first screen) is precached with the app for offline use.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.endsWith('.po') &&
          !/[\\/]locales[\\/]en[\\/]/.test(chunk.facadeModuleId)
            ? 'locales/[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      serverTests('server', 'pglite'),
      ...(process.env.DATABASE_URL ? [serverTests('server-postgres', 'postgres')] : []),
    ],
  },
})
