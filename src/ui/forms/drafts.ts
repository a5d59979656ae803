import { storage } from '../../storage'

/**
 * Unsent form input, kept in local storage by form name from the first keystroke so a reload, a
 * closed tab or a crash loses nothing typed; it goes with the session at sign-out.
 */
export function readFormDraft(name: string): unknown {
  return storage.get('formDrafts')?.[name]
}

/** Stores the form's values under its name, or forgets them when `values` is undefined. */
export function keepFormDraft(name: string, values: unknown): void {
  const { [name]: _replaced, ...others } = storage.get('formDrafts') ?? {}
  storage.set('formDrafts', values === undefined ? others : { ...others, [name]: values })
}
