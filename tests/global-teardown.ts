import fs from 'node:fs'
import path from 'node:path'
import { E2E_ENV, SERVER_PID_FILE } from './env'

const STOP_TIMEOUT_MS = 10_000

export default async function globalTeardown(): Promise<void> {
  const pid = currentServerPid()
  if (pid) await stopGroup(pid)
  const root = process.env[E2E_ENV.root]
  if (root) fs.rmSync(root, { recursive: true, force: true })
}

/** The server's pid: the one global setup started, or the last restart's. */
export function currentServerPid(): number {
  const root = process.env[E2E_ENV.root]
  const file = root && path.join(root, SERVER_PID_FILE)
  if (file && fs.existsSync(file)) return Number(fs.readFileSync(file, 'utf8'))
  return Number(process.env[E2E_ENV.serverPid])
}

/** Stops the server's process group (tsx and its Node child), gently first. */
export async function stopGroup(pid: number) {
  if (!signal(pid, 'SIGTERM')) return
  const deadline = Date.now() + STOP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (!signal(pid, 0)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  signal(pid, 'SIGKILL')
}

function signal(pid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, name)
    return true
  } catch {
    return false
  }
}
