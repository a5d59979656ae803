import * as v from 'valibot'
import type { OutboxOp } from './db'
import { operationDefinition } from './registry'

/**
 * The item set a queued or rejected change belongs to: null for a change of no item set,
 * undefined when it cannot tell (a kind not registered yet, a payload it cannot read).
 */
export function itemSetOfOp(op: OutboxOp): number | null | undefined {
  const definition = operationDefinition(op.kind)
  if (!definition) return undefined
  if (!definition.itemSetOf) return null
  const payload = v.safeParse(definition.schema, op.payload)
  return payload.success ? definition.itemSetOf(payload.output) : undefined
}
