import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'pl', 'ru'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src', 'server', 'contract'],
      exclude: ['**/*.test.ts'],
    },
  ],
  // The server runs untranspiled: it builds the same descriptors with '#lingui-message', which
  // extraction and the PWA's build treat as the macro package it mirrors.
  macro: { corePackage: ['@lingui/core/macro', '#lingui-message'] },
  format: formatter({ lineNumbers: false }),
})
