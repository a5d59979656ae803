import fs from 'node:fs'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discardedFiles } from '../../db/schema'
import {
  createTestAppWithMedia,
  listFiles,
  type MediaTestApp,
  mediaFilePath,
} from '../../test/harness'
import { discardFiles, removeDiscardedFiles } from './discarded-files'
import { storeStream } from './storage'

let t: MediaTestApp
beforeAll(async () => {
  t = await createTestAppWithMedia('discarded-files')
})
afterAll(() => t.close())

describe('discarded files', () => {
  it('are removed with their list entries, also when the file is already gone', async () => {
    const kept = await storeStream(t.media, Readable.from([Buffer.from('kept')]), '.csv')
    const old = await storeStream(t.media, Readable.from([Buffer.from('old')]), '.csv')
    // A transaction that is rolled back lists nothing.
    await t.db
      .transaction(async (tx) => {
        await discardFiles(tx, [kept.storageKey])
        tx.rollback()
      })
      .catch(() => {})
    // As a crash after the commit would leave it: listed, with one file removed already.
    await discardFiles(t.db, [old.storageKey, 'ab/already-gone.csv'])
    await discardFiles(t.db, [old.storageKey])

    expect(await removeDiscardedFiles(t.db, t.media)).toBe(2)
    expect(fs.existsSync(mediaFilePath(t.mediaDir, old.storageKey))).toBe(false)
    expect(listFiles(t.mediaDir)).toEqual([mediaFilePath(t.mediaDir, kept.storageKey)])
    expect(await t.db.select().from(discardedFiles)).toEqual([])
    expect(await removeDiscardedFiles(t.db, t.media)).toBe(0)
  })
})
