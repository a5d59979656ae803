import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { startTestProvider, TEST_CLIENT, type TestProvider } from '../server/test/oidc-provider'
import { DEMO_PASSWORD, E2E_ENV, E2E_PORT } from './env'
import globalTeardown from './global-teardown'
import { E2E_OIDC, E2E_OIDC_PORT, SSO_PEOPLE } from './sso'

const repoRoot = path.resolve(import.meta.dirname, '..')
const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs')
const STARTUP_TIMEOUT_MS = 90_000

/**
 * Starts the built product the way `npm start` does: the real server with the embedded database
 * in a fresh data folder, filled by the demo command. The server runs from a temporary folder
 * holding a copy of dist/, so a test can publish a new version without touching the build.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dist = path.join(repoRoot, 'dist')
  if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(path.join(dist, 'sw.js'))) {
    throw new Error('dist/ has no built app: run `npm run build` before `npx playwright test`.')
  }
  await assertPortFree(E2E_PORT)

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdwork-e2e-'))
  const distCopy = path.join(root, 'dist')
  fs.cpSync(dist, distCopy, { recursive: true })
  const env = serverEnv(path.join(root, 'data'))

  for (const script of [['server/manage/cli.ts', 'demo'], ['tests/sso-accounts.ts']]) {
    const run = spawnSync(process.execPath, [tsx, ...script], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    })
    if (run.status !== 0) {
      fs.rmSync(root, { recursive: true, force: true })
      throw new Error(`${script.join(' ')} failed (${run.status}):\n${run.stdout}\n${run.stderr}`)
    }
  }

  await assertPortFree(E2E_OIDC_PORT)
  const provider = await startIdentityProvider()
  const { server, logFile } = spawnServer(root)

  process.env[E2E_ENV.root] = root
  process.env[E2E_ENV.distDir] = distCopy
  process.env[E2E_ENV.serverPid] = String(server.pid)
  process.env[E2E_ENV.serverLog] = logFile
  process.env.DEMO_PASSWORD = DEMO_PASSWORD

  try {
    await waitUntilServing(server, `http://127.0.0.1:${E2E_PORT}`, logFile)
  } catch (error) {
    // Playwright skips the teardown of a setup that failed.
    await globalTeardown()
    await provider.close()
    throw error
  }
  // Called by Playwright as a teardown of its own, after globalTeardown's.
  return provider.close
}

/** The identity provider of tests/oidc.spec.ts, in this (the runner's) process. */
function startIdentityProvider(): Promise<TestProvider> {
  return startTestProvider({
    port: E2E_OIDC_PORT,
    redirectUri: E2E_OIDC.redirectUri,
    postLogoutRedirectUri: E2E_OIDC.postLogoutRedirectUri,
    people: new Map(Object.values(SSO_PEOPLE).map((person) => [person.login, person.claims])),
  })
}

/**
 * Starts the built product's server on the data folder of `root` (as global setup made it), in a
 * process group of its own so it can be stopped with the Node process tsx starts.
 */
export function spawnServer(root: string): { server: ChildProcess; logFile: string } {
  const logFile = path.join(root, 'server.log')
  const log = fs.openSync(logFile, 'a')
  const server = spawn(process.execPath, [tsx, path.join(repoRoot, 'server', 'main.ts')], {
    cwd: root,
    env: serverEnv(path.join(root, 'data')),
    detached: true,
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  server.unref()
  if (server.pid === undefined) throw new Error('Could not start the server')
  return { server, logFile }
}

function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  // The tests check the default start (embedded PGlite), even where CI provides PostgreSQL.
  const { DATABASE_URL: _postgres, MEDIA_DIR: _media, ...inherited } = process.env
  return {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(E2E_PORT),
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    OIDC_ISSUER: E2E_OIDC.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT.clientId,
    OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
    OIDC_PROVIDER_NAME: E2E_OIDC.providerName,
    // Webhook tests receive deliveries on this machine, over plain http.
    WEBHOOK_ALLOW_PRIVATE: 'true',
  }
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', () =>
      reject(new Error(`Port ${port} is in use: stop what runs there or set E2E_PORT.`)),
    )
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()))
  })
}

export async function waitUntilServing(server: ChildProcess, baseURL: string, logFile: string) {
  let exited: number | null = null
  server.once('exit', (code) => {
    exited = code ?? -1
  })
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(`The server exited (${exited}):\n${tail(logFile)}`)
    }
    try {
      const response = await fetch(`${baseURL}/`)
      if (response.ok && (await response.text()).includes('id="root"')) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not answer within ${STARTUP_TIMEOUT_MS} ms:\n${tail(logFile)}`)
}

function tail(file: string): string {
  return fs.readFileSync(file, 'utf8').split('\n').slice(-40).join('\n')
}
