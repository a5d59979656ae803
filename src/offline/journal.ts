import * as v from 'valibot'
import type { OutboxOp } from './db'

/**
 * The outbox's write-ahead journal: each op is written here synchronously, in the event that made
 * it, before its IndexedDB transaction starts. A page that unloads (reload, closed tab, crash)
 * before that transaction commits leaves the op here, and the next start folds it into the
 * outbox. An entry is removed once its op is in IndexedDB, so the journal stays small.
 *
 * One localStorage key per coalesce key (or per op, for kinds that never coalesce): a newer edit
 * overwrites the older one, and two tabs never overwrite each other's other entries.
 */

export type JournalStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

export type JournalEntry = Pick<
  OutboxOp,
  'id' | 'kind' | 'key' | 'payload' | 'owner' | 'createdAt' | 'nextAttemptAt'
>

/** A single entry above this size is left to IndexedDB alone: localStorage is small and shared. */
export const JOURNAL_ENTRY_MAX_CHARS = 100_000
/** More entries than this means IndexedDB is not committing: stop filling localStorage. */
export const JOURNAL_MAX_ENTRIES = 200

const JournalEntrySchema = v.object({
  id: v.string(),
  kind: v.string(),
  key: v.nullable(v.string()),
  payload: v.unknown(),
  owner: v.nullable(v.string()),
  createdAt: v.number(),
  nextAttemptAt: v.number(),
})

function defaultStore(): JournalStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage disabled by the browser's settings.
    return null
  }
}

export class OutboxJournal {
  private readonly store: JournalStore | null
  private readonly prefix: string

  /** `store` null: no journal (IndexedDB alone); undefined: the page's localStorage. */
  constructor(name: string, store?: JournalStore | null) {
    this.prefix = `outbox-journal:${name}:`
    this.store = store === undefined ? defaultStore() : store
  }

  /**
   * Writes the op's entry at once. False when it could not be (no storage, too big, too many
   * entries, quota): the op then relies on its IndexedDB write alone, as it would without one.
   */
  write(op: JournalEntry): boolean {
    if (!this.store) return false
    const { id, kind, key, payload, owner, createdAt, nextAttemptAt } = op
    const slot = this.slotOf(op)
    const text = JSON.stringify({ id, kind, key, payload, owner, createdAt, nextAttemptAt })
    if (text.length > JOURNAL_ENTRY_MAX_CHARS) return false
    try {
      if (this.store.getItem(slot) === null && this.slots().length >= JOURNAL_MAX_ENTRIES) {
        return false
      }
      this.store.setItem(slot, text)
      return true
    } catch {
      return false
    }
  }

  /** Removes the op's entry, unless a newer op of its key has taken the slot since. */
  settle(op: Pick<OutboxOp, 'id' | 'key'>): void {
    const slot = this.slotOf(op)
    if (this.read(slot)?.id === op.id) this.remove(slot)
  }

  /** The entries left, oldest first; unreadable ones are removed (nothing could send them). */
  entries(): JournalEntry[] {
    const entries: JournalEntry[] = []
    for (const slot of this.slots()) {
      const entry = this.read(slot)
      if (entry) entries.push(entry)
      else this.remove(slot)
    }
    return entries.sort((a, b) => a.createdAt - b.createdAt)
  }

  private slotOf({ id, key }: Pick<OutboxOp, 'id' | 'key'>): string {
    return this.prefix + (key ?? id)
  }

  private slots(): string[] {
    if (!this.store) return []
    const slots: string[] = []
    for (let index = 0; index < this.store.length; index++) {
      const slot = this.store.key(index)
      if (slot?.startsWith(this.prefix)) slots.push(slot)
    }
    return slots
  }

  private read(slot: string): JournalEntry | undefined {
    try {
      const raw = this.store?.getItem(slot)
      if (raw === null || raw === undefined) return undefined
      const parsed = v.safeParse(JournalEntrySchema, JSON.parse(raw))
      return parsed.success ? parsed.output : undefined
    } catch {
      return undefined
    }
  }

  private remove(slot: string): void {
    try {
      this.store?.removeItem(slot)
    } catch {
      // Storage gone meanwhile: the entry is folded again, which changes nothing.
    }
  }
}
