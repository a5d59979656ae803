export type Locks = Pick<LockManager, 'request'>

const tails = new Map<string, Promise<unknown>>()

/** A mutex for this page only: without Web Locks, two tabs are not kept apart. */
function withLocalLock<T>(name: string, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(name) ?? Promise.resolve()
  const run = previous.then(() => {
    signal.throwIfAborted()
    return task()
  })
  const tail = run.catch(() => undefined)
  tails.set(name, tail)
  void tail.then(() => {
    if (tails.get(name) === tail) tails.delete(name)
  })
  return run
}

/**
 * Runs `task` holding the exclusive lock `name`: through Web Locks when the browser has them (one
 * holder across all tabs of the origin, released if the tab dies), else in this page only.
 */
export function withExclusiveLock<T>(
  name: string,
  locks: Locks | null,
  signal: AbortSignal,
  task: () => Promise<T>,
): Promise<T> {
  if (!locks) return withLocalLock(name, signal, task)
  return locks.request(name, { mode: 'exclusive', signal }, task) as Promise<T>
}

export function defaultLocks(): Locks | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null
}
