import { storage } from '../../storage'

/**
 * Unsent form input, kept in local storage by form name from the first keystroke so a reload, a
 * closed tab or a crash loses nothing typed; it goes with the session at sign-out.
 */
function readFormDraft(name: string): unknown {
  return storage.get('formDrafts')?.[name]
}

/**
 * The draft stored under `name` over the initial values, or null when there is none: only fields
 * the form has, each holding the same kind of value (anything else is from an older version of
 * the form and is dropped; a field the older form lacked keeps its initial value).
 */
export function restoredDraft<TValues extends Record<string, unknown>>(
  initial: TValues,
  name: string,
): TValues | null {
  const stored = readFormDraft(name)
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null
  const kind = (value: unknown) =>
    value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
  const draft = { ...initial }
  for (const [field, value] of Object.entries(stored as Record<string, unknown>)) {
    if (
      field in initial &&
      (kind(value) === kind(initial[field]) || kind(initial[field]) === 'null' || value === null)
    ) {
      ;(draft as Record<string, unknown>)[field] = value
    }
  }
  return draft
}

/** Stores the form's values under its name, or forgets them when `values` is undefined. */
export function keepFormDraft(name: string, values: unknown): void {
  const { [name]: _replaced, ...others } = storage.get('formDrafts') ?? {}
  storage.set('formDrafts', values === undefined ? others : { ...others, [name]: values })
}
