import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client'
import { idempotencyKeys, loginFailures, sessions, users } from '../db/schema'
import { LocalMediaStore } from '../modules/media/store/local-store'
import { openTestDatabase, testConfig } from '../test/harness'
import {
  type JobLogger,
  PURGE_EXPIRED_QUEUE,
  purgeExpiredRecords,
  startJobQueue,
  superviseIntervalSeconds,
  transactionConnection,
} from './queue'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

let database: DatabaseHandle
let drop: () => Promise<void>

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
})

afterAll(async () => {
  await drop()
})

describe('purgeExpiredRecords', () => {
  it('deletes expired sessions, day-old login failures and week-old idempotency keys only', async () => {
    const { db } = database
    const now = new Date()
    const ago = (ms: number) => new Date(now.getTime() - ms)
    const [user] = await db.insert(users).values({ username: 'purge-subject' }).returning()
    const userId = user!.id
    await db.insert(sessions).values([
      { idHash: 'expired', userId, expiresAt: ago(HOUR) },
      { idHash: 'live', userId, expiresAt: new Date(now.getTime() + HOUR) },
    ])
    await db.insert(loginFailures).values([
      { subject: 'account:old', failedAt: ago(DAY + HOUR) },
      { subject: 'account:recent', failedAt: ago(HOUR) },
    ])
    const keyRow = { userId, method: 'POST', path: '/api/x/', statusCode: 201 }
    await db.insert(idempotencyKeys).values([
      { ...keyRow, key: 'old', createdAt: ago(8 * DAY) },
      { ...keyRow, key: 'recent', createdAt: ago(6 * DAY) },
    ])

    expect(await purgeExpiredRecords(db, now)).toEqual({
      sessions: 1,
      loginFailures: 1,
      idempotencyKeys: 1,
    })

    expect((await db.select().from(sessions)).map((row) => row.idHash)).toEqual(['live'])
    expect((await db.select().from(loginFailures)).map((row) => row.subject)).toEqual([
      'account:recent',
    ])
    expect((await db.select().from(idempotencyKeys)).map((row) => row.key)).toEqual(['recent'])
    expect(await purgeExpiredRecords(db, now)).toEqual({
      sessions: 0,
      loginFailures: 0,
      idempotencyKeys: 0,
    })
  })
})

describe('startJobQueue', () => {
  it('schedules the purge, sends jobs inside an application transaction and stops cleanly', async () => {
    const problems: object[] = []
    const logger: JobLogger = { error: (details) => problems.push(details), warn: () => {} }
    const queue = await startJobQueue(
      database,
      testConfig(),
      new LocalMediaStore(testConfig().mediaDir),
      logger,
    )
    try {
      const schedules = await queue.boss.getSchedules(PURGE_EXPIRED_QUEUE)
      expect(schedules.map((schedule) => schedule.cron)).toEqual(['*/15 * * * *'])

      // On PGlite a send through the queue's own connection here would wait for this very
      // transaction; through the transaction it commits with the write.
      const jobId = await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        return queue.boss.send(PURGE_EXPIRED_QUEUE, {}, transactionConnection(tx))
      })
      expect(jobId).toBeTruthy()
      const [job] = await queue.boss.findJobs(PURGE_EXPIRED_QUEUE, { id: jobId as string })
      expect(job?.id).toBe(jobId)
    } finally {
      await queue.stop()
    }
    expect(problems).toEqual([])
  })
})

describe('the start of the job queue', () => {
  it('removes the .part files writes cut short by a crash left, and only those', async () => {
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'queue-start-'))
    try {
      const folder = path.join(mediaDir, 'ab')
      fs.mkdirSync(folder)
      const file = (name: string, minutesAgo: number) => {
        const filePath = path.join(folder, name)
        fs.writeFileSync(filePath, 'bytes')
        const when = new Date(Date.now() - minutesAgo * 60_000)
        fs.utimesSync(filePath, when, when)
      }
      file('abandoned.wav.part', 10)
      file('being-written.wav.part', 0)
      file('kept.wav', 10)
      const queue = await startJobQueue(
        database,
        testConfig({ mediaDir }),
        new LocalMediaStore(mediaDir),
        {
          error: () => {},
          warn: () => {},
        },
      )
      await queue.stop()
      expect(fs.readdirSync(folder).sort()).toEqual(['being-written.wav.part', 'kept.wav'])
    } finally {
      fs.rmSync(mediaDir, { recursive: true, force: true })
    }
  })

  it('supervises jobs at half their heartbeat, at most every minute', () => {
    expect(superviseIntervalSeconds(10)).toBe(5)
    expect(superviseIntervalSeconds(30)).toBe(15)
    expect(superviseIntervalSeconds(600)).toBe(60)
  })
})
