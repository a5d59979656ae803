import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { runCli, USAGE } from './run'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const tempDirs: string[] = []

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manage-cli-'))
  tempDirs.push(dir)
  return dir
}

/** The environment of an operator using the embedded database in `dataDir`. */
function embeddedEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _postgres, ...env } = process.env
  return { ...env, DATA_DIR: dataDir, ...extra }
}

function captured() {
  const lines = { out: [] as string[], err: [] as string[] }
  return {
    lines,
    output: {
      out: (text: string) => lines.out.push(text),
      err: (text: string) => lines.err.push(text),
    },
  }
}

type Run = { code: number | null; stdout: string; stderr: string }

function spawnCli(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/manage/cli.ts', ...args],
      { cwd: repoRoot, env, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    )
  })
}

const STACK_LINE = /^\s+at /m

describe('runCli', () => {
  it('prints the usage for help', async () => {
    const { lines, output } = captured()
    expect(await runCli(['help'], {}, output)).toBe(0)
    expect(lines.out).toEqual([USAGE])
    expect(USAGE).toContain('createuser --username NAME')
  })

  it('prints the usage and fails for an unknown or missing command', async () => {
    const unknown = captured()
    expect(await runCli(['frobnicate'], {}, unknown.output)).toBe(1)
    expect(unknown.lines.err[0]).toMatch(/^Unknown command "frobnicate"\.\n\nUsage: /)
    const missing = captured()
    expect(await runCli([], {}, missing.output)).toBe(1)
    expect(missing.lines.err).toEqual([USAGE])
  })

  it('reports a bad configuration without touching any database', async () => {
    const { lines, output } = captured()
    const env = { DATABASE_URL: 'mysql://nope' }
    const args = ['--username', 'ada', '--email', 'ada@example.org', '--password', 'long-enough-1']
    expect(await runCli(['createuser', ...args, '--role', 'staff'], env, output)).toBe(1)
    expect(lines.err[0]).toContain('DATABASE_URL')
  })

  it('fills the embedded database of DATA_DIR with the demo, its media under DATA_DIR/media', async () => {
    const dataDir = tempDataDir()
    const env = embeddedEnv(dataDir, { DEMO_PASSWORD: 'demo-password-1' })
    const { lines, output } = captured()
    expect(await runCli(['demo'], env, output)).toBe(0)
    expect(lines.out[0]).toMatch(/^Demo workspace created: task \d+, 24 media files\.$/)
    expect(lines.out.join('\n')).not.toContain('demo-password-1')
    expect(lines.out.filter((line) => line.includes('(DEMO_PASSWORD)'))).toHaveLength(6)
    const mediaFiles = fs.readdirSync(path.join(dataDir, 'media'), { recursive: true })
    expect(mediaFiles.filter((name) => /\.(wav|png|mp4)$/.test(String(name)))).toHaveLength(24)

    const again = captured()
    expect(await runCli(['demo'], env, again.output)).toBe(1)
    expect(again.lines.err[0]).toMatch(/already has 6 user\(s\)/)
  })
})

describe('the manage command as a process', () => {
  it('creates a user, then refuses the same name in another case without a stack trace', async () => {
    const env = embeddedEnv(tempDataDir())
    const args = ['--email', 'grace@example.org', '--password', 'cobol-1959-x', '--role', 'client']
    const created = await spawnCli(['createuser', '--username', 'grace', ...args], env)
    expect(created).toMatchObject({ code: 0, stderr: '' })
    expect(created.stdout).toMatch(/Created user "grace" \(id \d+\) with roles client\./)

    const duplicate = await spawnCli(['createuser', '--username', 'GRACE', ...args], env)
    expect(duplicate.code).toBe(1)
    expect(duplicate.stderr).toContain('--username: the username "GRACE" is already taken.')
    expect(duplicate.stderr).not.toMatch(STACK_LINE)
  })

  it('prints a registration link starting with the public origin', async () => {
    const env = embeddedEnv(tempDataDir(), { PUBLIC_ORIGIN: 'https://crowd.example.org' })
    const run = await spawnCli(['registration-key', '--email', 'first@example.org'], env)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatch(/Registration key \d+ for first@example.org: 1 account\(s\) until /)
    expect(run.stdout).toMatch(/^https:\/\/crowd\.example\.org\/register\?key=\S+$/m)
  })

  it('says who holds the embedded database instead of opening it twice', async () => {
    const dataDir = tempDataDir()
    const server = await openDatabase({ kind: 'pglite', dataDir, owner: 'server' })
    try {
      const run = await spawnCli(['demo'], embeddedEnv(dataDir))
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(
        `The embedded database in ${dataDir} is in use by the server (pid ${process.pid}`,
      )
      expect(run.stderr).not.toMatch(STACK_LINE)
      expect(fs.existsSync(path.join(dataDir, 'media'))).toBe(false)
    } finally {
      await server.close()
    }
  })
})
