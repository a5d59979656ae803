import * as v from 'valibot'
import { ENQUEUE_SCOPE, type EnqueueTx, type OfflineDb, type OutboxOp, type StoreName } from './db'
import type { JournalEntry, OutboxJournal } from './journal'
import { type OperationDefinition, operationDefinition } from './registry'

/** The stores an enqueue writes, and the rejections a folded op may already be among. */
const FOLD_SCOPE: StoreName[] = [...ENQUEUE_SCOPE, 'rejections']

/** A journal entry as the op it was before its page unloaded. */
function journaledOp(entry: JournalEntry): OutboxOp {
  return { ...entry, attempts: 0, state: 'pending' }
}

/**
 * Stores `op` within `tx`, replacing the waiting ops of its key, with its local copy. An op of
 * that id already stored (another tab folded it, or its own enqueue committed) is left as it
 * is. A folded op yields to a newer op of its key, which already carries the later edit.
 */
export async function storeOp(
  tx: EnqueueTx,
  op: OutboxOp,
  definition: OperationDefinition<unknown>,
  { folding }: { folding: boolean },
): Promise<void> {
  const outbox = tx.objectStore('outbox')
  if ((await outbox.index('by-id').getKey(op.id)) !== undefined) return
  if (op.key !== null) {
    for await (const cursor of outbox.index('by-key').iterate(op.key)) {
      const queued = cursor.value
      if (queued.owner !== op.owner) continue
      if (folding && queued.createdAt > op.createdAt) return
      // An op being sent may already be applied: the newer one queues behind it instead.
      if (queued.state === 'pending') await cursor.delete()
    }
  }
  const parsed = v.safeParse(definition.schema, op.payload)
  // A payload an app update no longer accepts is still queued: its send reports it.
  if (parsed.success) await definition.storeLocally?.(tx, parsed.output)
  op.seq = await outbox.add(op)
}

/**
 * Stores what the journal still holds in the outbox, each entry in a transaction of its own,
 * and removes it from the journal. An op the server already refused for good stays a rejection.
 * The caller holds the fold lock. Answers whether there was anything to fold.
 */
export async function foldJournalInto(db: OfflineDb, journal: OutboxJournal): Promise<boolean> {
  const entries = journal.entries()
  for (const entry of entries) {
    const definition = operationDefinition(entry.kind)
    // Its module may load later: the entry waits in the journal for a start that knows it.
    if (!definition) continue
    const tx = db.transaction(FOLD_SCOPE, 'readwrite')
    const rejected = (await tx.objectStore('rejections').getKey(entry.id)) !== undefined
    if (!rejected) await storeOp(tx, journaledOp(entry), definition, { folding: true })
    await tx.done
    journal.settle(entry)
  }
  return entries.length > 0
}
