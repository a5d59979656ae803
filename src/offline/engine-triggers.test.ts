import { locks as nodeLocks } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BACKOFF_BASE_MS } from './backoff'
import type { EngineOptions } from './engine'
import type { Locks } from './lock'
import {
  edit,
  engineOptions,
  makeEngine,
  nextEvent,
  recordSends,
  setSender,
  stopEngines,
  storedOps,
  TEST_KIND,
  unavailable,
} from './test-helpers'

afterEach(async () => {
  await stopEngines()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('triggers', () => {
  // setImmediate stays real: fake-indexeddb schedules its work with it.
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
  })

  /** A started engine whose first send fails (503) and whose later sends succeed. */
  async function failedOnce(options: EngineOptions) {
    const engine = makeEngine(options)
    const sent = recordSends((_sent, index) => {
      if (index === 0) throw unavailable()
      return {}
    })
    engine.start()
    await engine.enqueue(TEST_KIND, edit('a', 1))
    await engine.sync()
    expect(sent).toHaveLength(1)
    return { engine, sent }
  }

  it('sends right after an enqueue once started', async () => {
    const engine = makeEngine(engineOptions())
    const sent = recordSends()
    engine.start()
    const synced = nextEvent(engine, 'synced')
    await engine.enqueue(TEST_KIND, edit('a', 1))
    await synced
    expect(sent).toHaveLength(1)
  })

  it('sends on the online event at once, ignoring the backoff', async () => {
    const { engine, sent } = await failedOnce(engineOptions({ random: () => 0.999 }))
    const synced = nextEvent(engine, 'synced')
    window.dispatchEvent(new Event('online'))
    await synced
    expect(sent).toHaveLength(2)
  })

  it('follows the offline and online events in its status', async () => {
    const engine = makeEngine(engineOptions())
    engine.start()
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    window.dispatchEvent(new Event('offline'))
    expect(engine.getStatus().online).toBe(false)
    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    expect(engine.getStatus().online).toBe(true)
  })

  it('sends when the tab becomes visible and the backoff is over', async () => {
    const { engine, sent } = await failedOnce(engineOptions({ random: () => 0.5 }))
    // Time passes while the tab sleeps (its timers do not run).
    vi.setSystemTime(Date.now() + BACKOFF_BASE_MS)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    const synced = nextEvent(engine, 'synced')
    document.dispatchEvent(new Event('visibilitychange'))
    await synced
    expect(sent).toHaveLength(2)
  })

  it('wakes up when the backoff ends', async () => {
    const { engine, sent } = await failedOnce(engineOptions({ random: () => 0.5 }))
    await vi.advanceTimersByTimeAsync(499)
    expect(sent).toHaveLength(1)
    const synced = nextEvent(engine, 'synced')
    await vi.advanceTimersByTimeAsync(1)
    await synced
    expect(sent).toHaveLength(2)
  })

  it('sends on the interval what another tab queued', async () => {
    const options = engineOptions({ intervalMs: 30_000 })
    const engine = makeEngine(options)
    const sent = recordSends()
    engine.start()
    await engine.sync()
    // The other tab is not started, so nothing tells this one about its op.
    await makeEngine({ ...options }).enqueue(TEST_KIND, edit('a', 1))

    await vi.advanceTimersByTimeAsync(29_999)
    expect(sent).toHaveLength(0)
    const synced = nextEvent(engine, 'synced')
    await vi.advanceTimersByTimeAsync(1)
    await synced
    expect(sent).toHaveLength(1)
  })
})

describe('two tabs', () => {
  it.each([
    ['Web Locks', nodeLocks as unknown as Locks],
    ['a lock within the page', null],
  ])('never send the same op at once, and send each op once (%s)', async (_name, locks) => {
    const options = engineOptions({ locks })
    const tabs = [makeEngine(options), makeEngine({ ...options })]
    const inFlight = new Set<string>()
    let concurrent = 0
    let maxConcurrent = 0
    const sent: string[] = []
    setSender(async (_payload, { idempotencyKey }) => {
      expect(inFlight.has(idempotencyKey)).toBe(false)
      inFlight.add(idempotencyKey)
      concurrent += 1
      maxConcurrent = Math.max(maxConcurrent, concurrent)
      await new Promise((resolve) => setTimeout(resolve, 1))
      sent.push(idempotencyKey)
      inFlight.delete(idempotencyKey)
      concurrent -= 1
      return {}
    })

    const work: Promise<unknown>[] = []
    for (let index = 0; index < 20; index += 1) {
      const tab = tabs[index % 2]!
      work.push(tab.enqueue(TEST_KIND, edit(`k${index}`, index)).then(() => tab.sync()))
      work.push(tabs[(index + 1) % 2]!.sync())
    }
    await Promise.all(work)
    await Promise.all(tabs.map((tab) => tab.sync()))

    expect(maxConcurrent).toBe(1)
    expect(sent).toHaveLength(20)
    expect(new Set(sent).size).toBe(20)
    expect(await storedOps(options.dbName)).toEqual([])
  })
})
