/**
 * Values shared by the global setup (runner process) and the tests (worker processes). The setup
 * publishes what it creates through environment variables, which the workers inherit.
 */
/** The built product runs on this port during the tests (see global-setup.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8180)

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password-123'

export const E2E_ENV = {
  /** The temporary folder holding the database, media and the served copy of dist/. */
  root: 'E2E_ROOT',
  /** The copy of dist/ the server serves; tests may change it (e.g. to publish a new version). */
  distDir: 'E2E_DIST_DIR',
  serverPid: 'E2E_SERVER_PID',
  serverLog: 'E2E_SERVER_LOG',
} as const

/**
 * Where a restarted server's pid is kept (tests/fixtures.ts `restartServer`): a test worker cannot
 * change the runner's environment, so the teardown reads the pid from here when it exists.
 */
export const SERVER_PID_FILE = 'server.pid'

export function e2eEnv(name: keyof typeof E2E_ENV): string {
  const value = process.env[E2E_ENV[name]]
  if (!value) throw new Error(`${E2E_ENV[name]} is not set: run the tests through Playwright`)
  return value
}
