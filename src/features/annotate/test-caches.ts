import { vi } from 'vitest'

/**
 * The service worker's caches for tests (jsdom has no CacheStorage): named caches of responses by
 * absolute URL, with the calls the offline copy and its cleanup make.
 */
class MemoryCache {
  readonly files = new Map<string, Response>()

  async put(request: RequestInfo, response: Response): Promise<void> {
    this.files.set(absolute(request), response)
  }

  async match(request: RequestInfo): Promise<Response | undefined> {
    return this.files.get(absolute(request))
  }

  async keys(): Promise<Request[]> {
    return [...this.files.keys()].map((url) => new Request(url))
  }

  async delete(request: RequestInfo): Promise<boolean> {
    return this.files.delete(absolute(request))
  }
}

function absolute(request: RequestInfo): string {
  return new URL(typeof request === 'string' ? request : request.url, location.href).href
}

export class MemoryCacheStorage {
  private readonly named = new Map<string, MemoryCache>()

  async has(name: string): Promise<boolean> {
    return this.named.has(name)
  }

  async open(name: string): Promise<MemoryCache> {
    let cache = this.named.get(name)
    if (!cache) {
      cache = new MemoryCache()
      this.named.set(name, cache)
    }
    return cache
  }

  async delete(name: string): Promise<boolean> {
    return this.named.delete(name)
  }

  async match(request: RequestInfo): Promise<Response | undefined> {
    for (const cache of this.named.values()) {
      const found = await cache.match(request)
      if (found) return found
    }
    return undefined
  }

  /** The paths a cache holds, in the order they were stored. */
  async paths(name: string): Promise<string[]> {
    const cache = this.named.get(name)
    return cache ? [...cache.files.keys()].map((url) => new URL(url).pathname) : []
  }
}

/** Puts an empty CacheStorage in place of the browser's for the running test. */
export function installMemoryCaches(): MemoryCacheStorage {
  const storage = new MemoryCacheStorage()
  vi.stubGlobal('caches', storage)
  return storage
}
