import { defineConfig } from '@playwright/test'
import { E2E_PORT } from './tests/env'

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/global-setup.ts',
  globalTeardown: './tests/global-teardown.ts',
  // One server with one embedded database on a 2-core machine: tests run one after another.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    headless: true,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser download cannot work on these machines.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
