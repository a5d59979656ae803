import { afterEach, describe, expect, it, vi } from 'vitest'

type Manager = Partial<Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>>

function stubStorage(manager: Manager | undefined) {
  Object.defineProperty(navigator, 'storage', { configurable: true, value: manager })
}

/** A fresh module: the persistence request is remembered per page load. */
async function freshModule() {
  vi.resetModules()
  return import('./storage-quota')
}

afterEach(() => {
  stubStorage(undefined)
})

describe('requestPersistentStorage', () => {
  it('asks the browser once per page load', async () => {
    const persist = vi.fn(async () => true)
    stubStorage({ persisted: async () => false, persist })
    const { requestPersistentStorage } = await freshModule()

    expect(await requestPersistentStorage()).toBe(true)
    expect(await requestPersistentStorage()).toBe(true)
    expect(persist).toHaveBeenCalledTimes(1)
  })

  it('does not ask again when storage is already persistent', async () => {
    const persist = vi.fn(async () => true)
    stubStorage({ persisted: async () => true, persist })
    const { requestPersistentStorage } = await freshModule()

    expect(await requestPersistentStorage()).toBe(true)
    expect(persist).not.toHaveBeenCalled()
  })

  it('answers false when refused, unsupported or failing', async () => {
    stubStorage({ persisted: async () => false, persist: async () => false })
    expect(await (await freshModule()).requestPersistentStorage()).toBe(false)
    stubStorage(undefined)
    expect(await (await freshModule()).requestPersistentStorage()).toBe(false)
    stubStorage({
      persisted: async () => {
        throw new Error('SecurityError')
      },
      persist: async () => true,
    })
    expect(await (await freshModule()).requestPersistentStorage()).toBe(false)
  })
})

describe('storageEstimate', () => {
  it.each([
    [90, 100, false],
    [91, 100, true],
    [0, 0, false],
  ])('usage %i of quota %i is nearly full: %s', async (usage, quota, nearlyFull) => {
    stubStorage({ estimate: async () => ({ usage, quota }) })
    const { storageEstimate } = await freshModule()
    expect(await storageEstimate()).toEqual({ usage, quota, nearlyFull })
  })

  it('is null where the browser cannot tell', async () => {
    const { storageEstimate } = await freshModule()
    expect(await storageEstimate()).toBeNull()
  })
})
