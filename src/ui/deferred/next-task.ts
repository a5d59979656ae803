/**
 * Resolves in a new task: what follows runs after the browser has had a turn (input, paint), so
 * long start-up work can be cut into tasks a slow phone's main thread is not held by for long.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
