import fs from 'node:fs'
import path from 'node:path'

/**
 * PGlite allows one process at a time on a data directory, and a second one would corrupt it.
 * Whoever opens the embedded database first writes a lock file with its pid; everyone else is
 * refused with a message that says who holds it. A lock left by a dead process is taken over.
 */
export class EmbeddedDatabaseBusyError extends Error {}

type LockInfo = { pid: number; owner: string; since: string }

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function acquireEmbeddedLock(dataDir: string, owner: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'embedded-db.lock')
  const info: LockInfo = { pid: process.pid, owner, since: new Date().toISOString() }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(info), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        fs.rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readLock(lockPath)
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new EmbeddedDatabaseBusyError(
          `The embedded database in ${dataDir} is in use by the ${holder.owner} (pid ${holder.pid}, since ${holder.since}). ` +
            'Stop it first, or run the server and this command against PostgreSQL with DATABASE_URL.',
        )
      }
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new EmbeddedDatabaseBusyError(`Could not lock the embedded database in ${dataDir}.`)
}

function readLock(lockPath: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockInfo
  } catch {
    return null
  }
}
