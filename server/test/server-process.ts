import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { API_BASE } from '../../contract/constants'

/**
 * The real server (`server/main.ts`) in a process of its own, for tests of what only separate
 * processes show: a kill -9 in the middle of work, several processes on one database.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export type ServerProcess = { process: ChildProcess; output: string[]; base: string }

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The environment of a production server on 127.0.0.1:`port`, with `extra` on top. */
export function serverProcessEnv(port: number, extra: Record<string, string>) {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Required with DATABASE_URL; the embedded default would generate one into DATA_DIR.
    ...(extra.DATABASE_URL ? { MEDIA_KEY_SECRET: 'the media key secret of the server tests' } : {}),
    ...extra,
  }
}

/** Starts the server with `env` (see serverProcessEnv) and waits until it answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const server: ServerProcess = {
    process: child,
    output: [],
    base: `http://${env.HOST}:${env.PORT}`,
  }
  child.stdout?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${server.output.join('')}`)
    const answer = await fetch(`${server.base}${API_BASE}/auth/csrf/`).catch(() => null)
    if (answer?.ok) return server
    if (Date.now() > deadline)
      throw new Error(`the server did not start: ${server.output.join('')}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals) {
  if (server.process.exitCode === null && server.process.signalCode === null) {
    const exited = new Promise((resolve) => server.process.once('exit', resolve))
    server.process.kill(signal)
    await exited
  }
}
