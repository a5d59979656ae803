import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../db/client'

async function runAsAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/**
 * A database of its own on the PostgreSQL server of `adminUrl` (a test's or a benchmark's), and
 * `drop()`, which closes it and removes it.
 */
export async function createScratchDatabase(
  adminUrl: string,
  { prefix, poolSize }: { prefix: string; poolSize?: number },
): Promise<{ database: DatabaseHandle; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`
  await runAsAdmin(adminUrl, `create database ${name}`)
  const removeDatabase = () => runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  let database: DatabaseHandle
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize })
  } catch (error) {
    await removeDatabase()
    throw error
  }
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close()
      await removeDatabase()
    },
  }
}
