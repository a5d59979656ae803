import { afterEach, describe, expect, it } from 'vitest'
import { openOfflineDb } from './db'
import { JOURNAL_ENTRY_MAX_CHARS, JOURNAL_MAX_ENTRIES } from './journal'
import { ANNOTATION_SAVE, type AnnotationSavePayload } from './operations/annotation-save'
import {
  edit,
  engineOptions,
  MemoryStorage,
  makeEngine,
  payloads,
  recordSends,
  stopEngines,
  storedOps,
  TEST_KIND,
  unloadRightAfter,
} from './test-helpers'

afterEach(stopEngines)

const journalKeys = (journal: MemoryStorage) =>
  Array.from({ length: journal.length }, (_, index) => journal.key(index))

function annotationSave(text: string, stamp: string): AnnotationSavePayload {
  return { itemSetId: 3, itemId: 11, data: { text }, is_done: false, client_updated_at: stamp }
}

async function storedDrafts(dbName: string | undefined) {
  const db = await openOfflineDb(dbName)
  try {
    return await db.getAll('annotations')
  } finally {
    db.close()
  }
}

describe('write-ahead journal', () => {
  it('holds the op from the moment enqueue is called until IndexedDB has it', async () => {
    const journal = new MemoryStorage()
    const engine = makeEngine(engineOptions({ journal }))

    const stored = engine.enqueue(TEST_KIND, edit('a', 1))
    expect(journalKeys(journal)).toHaveLength(1)
    expect(journal.getItem(journalKeys(journal)[0]!)).toContain('"value":1')

    await stored
    expect(journal.length).toBe(0)
  })

  it('keeps one entry per coalesce key: the newest edit', async () => {
    const journal = new MemoryStorage()
    const engine = makeEngine(engineOptions({ journal }))

    const stored = [edit('a', 1), edit('a', 2), edit('b', 1)].map((payload) =>
      engine.enqueue(TEST_KIND, payload),
    )

    const entries = journalKeys(journal).map((key) => JSON.parse(journal.getItem(key!)!).payload)
    expect(entries).toEqual([edit('a', 2), edit('b', 1)])
    await Promise.all(stored)
  })

  it('folds what a reload left into the outbox at the next start, with the same key', async () => {
    const options = engineOptions({ journal: new MemoryStorage() })
    const live = options.journal as MemoryStorage
    const first = makeEngine(options)
    let enqueued = ''
    const left = await unloadRightAfter(
      options.dbName,
      () =>
        first.enqueue(TEST_KIND, edit('a', 1)).then((op) => {
          enqueued = op.id
          return op
        }),
      live,
    )
    expect(await storedOps(options.dbName)).toEqual([])

    const sent = recordSends()
    const reloaded = makeEngine({ ...options, journal: left })
    reloaded.start()
    await reloaded.sync()

    expect(sent).toEqual([{ payload: edit('a', 1), key: enqueued }])
    expect(left.length).toBe(0)
    expect(await storedOps(options.dbName)).toEqual([])
  })

  it('writes the local copy of a folded op, unless a newer one is stored', async () => {
    const options = engineOptions({ journal: new MemoryStorage() })
    const live = options.journal as MemoryStorage
    const engine = makeEngine(options)
    const older = await unloadRightAfter(
      options.dbName,
      () => engine.enqueue(ANNOTATION_SAVE, annotationSave('typed', '2026-01-01T10:00:00.000Z')),
      live,
    )
    const db = await openOfflineDb(options.dbName)
    await db.clear('annotations')
    db.close()

    await makeEngine({ ...options, journal: older.snapshot() }).folded()
    expect((await storedDrafts(options.dbName)).map((draft) => draft.data)).toEqual([
      { text: 'typed' },
    ])

    // A newer edit stored since (another tab's): the folded one does not replace its draft.
    await engine.enqueue(ANNOTATION_SAVE, annotationSave('newer', '2026-01-01T10:00:05.000Z'))
    await makeEngine({ ...options, journal: older.snapshot() }).folded()
    expect((await storedDrafts(options.dbName)).map((draft) => draft.data)).toEqual([
      { text: 'newer' },
    ])
    expect((await storedOps(options.dbName)).map((op) => op.payload)).toEqual([
      annotationSave('newer', '2026-01-01T10:00:05.000Z'),
    ])
  })

  it('yields a folded op to a newer op of its key already queued', async () => {
    let clock = 1_000
    const options = engineOptions({ journal: new MemoryStorage(), now: () => clock })
    const engine = makeEngine(options)
    const left = await unloadRightAfter(
      options.dbName,
      () => engine.enqueue(TEST_KIND, edit('a', 1)),
      options.journal as MemoryStorage,
    )
    clock = 2_000
    await engine.enqueue(TEST_KIND, edit('a', 2))

    await makeEngine({ ...options, journal: left }).folded()

    expect(payloads(await storedOps(options.dbName))).toEqual([edit('a', 2)])
    expect(left.length).toBe(0)
  })

  it('stores an op once when it reached IndexedDB before the page unloaded', async () => {
    const journal = new MemoryStorage()
    const options = engineOptions({ journal })
    const engine = makeEngine(options)
    const stored = engine.enqueue(TEST_KIND, edit('a', 1))
    const left = journal.snapshot()
    await stored

    await makeEngine({ ...options, journal: left }).folded()

    expect(payloads(await storedOps(options.dbName))).toEqual([edit('a', 1)])
    expect(left.length).toBe(0)
  })

  it('is folded once when two tabs start together', async () => {
    const options = engineOptions({ journal: new MemoryStorage() })
    const left = await unloadRightAfter(
      options.dbName,
      () => makeEngine(options).enqueue(TEST_KIND, edit('a', 1)),
      options.journal as MemoryStorage,
    )

    const tabs = [
      makeEngine({ ...options, journal: left }),
      makeEngine({ ...options, journal: left }),
    ]
    await Promise.all(tabs.map((tab) => tab.folded()))

    expect(payloads(await storedOps(options.dbName))).toEqual([edit('a', 1)])
  })

  it('stores an op once when another tab folds it while its own tab is still storing it', async () => {
    const journal = new MemoryStorage()
    const options = engineOptions({ journal })
    const storing = makeEngine(options).enqueue(TEST_KIND, edit('a', 1))
    const folding = makeEngine({ ...options }).folded()

    await Promise.all([storing, folding])

    expect(payloads(await storedOps(options.dbName))).toEqual([edit('a', 1)])
    expect(journal.length).toBe(0)
  })

  it('does not bring back an op the server refused for good', async () => {
    const options = engineOptions({ journal: new MemoryStorage() })
    const engine = makeEngine(options)
    const stored = engine.enqueue(TEST_KIND, edit('a', 1))
    const left = (options.journal as MemoryStorage).snapshot()
    await stored
    recordSends(() => {
      throw new Error('refused')
    })
    await engine.sync()
    expect(engine.getStatus().rejections).toHaveLength(1)

    await makeEngine({ ...options, journal: left }).folded()

    expect(await storedOps(options.dbName)).toEqual([])
  })

  it('still stores the op in IndexedDB when the journal cannot be written', async () => {
    const full = new MemoryStorage()
    full.full = true
    const options = engineOptions({ journal: full })
    await makeEngine(options).enqueue(TEST_KIND, edit('a', 1))

    const bounded = new MemoryStorage()
    const engine = makeEngine(engineOptions({ journal: bounded }))
    const huge = 'x'.repeat(JOURNAL_ENTRY_MAX_CHARS)
    const pending = [engine.enqueue(TEST_KIND, { key: huge, value: 1 })]
    for (let index = 0; index <= JOURNAL_MAX_ENTRIES; index++) {
      pending.push(engine.enqueue(TEST_KIND, edit(`k${index}`, index)))
    }
    expect(bounded.length).toBe(JOURNAL_MAX_ENTRIES)
    await Promise.all(pending)

    expect(payloads(await storedOps(options.dbName))).toEqual([edit('a', 1)])
    expect(bounded.length).toBe(0)
  })
})

describe('debounced send', () => {
  it('stores the op at once and sends it only after the pause, restarted by a newer edit', async () => {
    let clock = 0
    const options = engineOptions({ journal: new MemoryStorage(), now: () => clock })
    const engine = makeEngine(options)
    const sent = recordSends()

    await engine.enqueue(TEST_KIND, edit('a', 1), { sendAfterMs: 400 })
    clock = 300
    await engine.enqueue(TEST_KIND, edit('a', 2), { sendAfterMs: 400 })
    expect(payloads(await storedOps(options.dbName))).toEqual([edit('a', 2)])

    clock = 600
    await engine.sync()
    expect(sent).toEqual([])

    clock = 700
    await engine.sync()
    expect(sent.map((entry) => entry.payload)).toEqual([edit('a', 2)])
  })
})
