import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/client'
import { OutboxEngine } from './engine'
import { useOutboxStatus, useStorageWarning } from './hooks'
import { engineOptions, setSender, TEST_KIND } from './test-helpers'

const engines: OutboxEngine[] = []

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()))
  Object.defineProperty(navigator, 'storage', { configurable: true, value: undefined })
  vi.useRealTimers()
})

describe('useOutboxStatus', () => {
  it('follows pending changes, syncs and rejections', async () => {
    const engine = new OutboxEngine(engineOptions({ now: () => 77 }))
    engines.push(engine)
    const { result } = renderHook(() => useOutboxStatus(engine))
    // Nothing is counted before the engine has read the device.
    expect(result.current).toMatchObject({ pending: null, syncing: false, lastSyncedAt: null })

    await act(() => engine.enqueue(TEST_KIND, { key: 'a', value: 1 }))
    await act(() => engine.enqueue(TEST_KIND, { key: 'b', value: 1 }))
    expect(result.current.pending).toBe(2)

    setSender(async ({ key }) => {
      if (key === 'b') throw new ApiError(409, 'task_finished', 'The task is finished.')
      return {}
    })
    await act(() => engine.sync())
    expect(result.current).toMatchObject({
      online: true,
      pending: 0,
      syncing: false,
      lastSyncedAt: 77,
      rejections: [{ error: { code: 'task_finished' }, op: { payload: { key: 'b' } } }],
    })
  })

  it('shows syncing while a send is under way', async () => {
    const engine = new OutboxEngine(engineOptions())
    engines.push(engine)
    const { result } = renderHook(() => useOutboxStatus(engine))
    let finish = () => {}
    setSender(() => new Promise((resolve) => (finish = () => resolve({}))))
    await act(() => engine.enqueue(TEST_KIND, { key: 'a', value: 1 }))

    let syncing: Promise<void> = Promise.resolve()
    act(() => {
      syncing = engine.sync()
    })
    await waitFor(() => expect(result.current.syncing).toBe(true))
    await act(async () => {
      finish()
      await syncing
    })
    expect(result.current).toMatchObject({ syncing: false, pending: 0 })
  })
})

describe('useStorageWarning', () => {
  it('reports nearly full storage and checks again over time', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    let usage = 50
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: async () => ({ usage, quota: 100 }) },
    })
    const { result } = renderHook(() => useStorageWarning(1_000))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current).toEqual({ usage: 50, quota: 100, nearlyFull: false })

    usage = 95
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(result.current).toEqual({ usage: 95, quota: 100, nearlyFull: true })
  })
})
