import * as v from 'valibot'
import { ItemSetFinishResultSchema } from '../../../contract/worker'
import { offlineDb } from '../db'
import {
  classifyByStatus,
  type OperationDefinition,
  registerOperation,
  sendWithKey,
} from '../registry'
import { itemSetOfOp } from '../set-changes'

export const ITEM_SET_FINISH = 'itemSet.finish'

const Id = v.pipe(v.number(), v.integer(), v.minValue(1))

export const ItemSetFinishPayloadSchema = v.object({ itemSetId: Id, taskId: Id })
export type ItemSetFinishPayload = v.InferOutput<typeof ItemSetFinishPayloadSchema>

declare module '../registry' {
  interface OperationPayloads {
    [ITEM_SET_FINISH]: ItemSetFinishPayload
  }
}

/**
 * Thrown instead of sending while other changes of the set wait in the outbox: the outbox then
 * tries again later, as after a transient failure.
 */
export class WaitingForSetChanges extends Error {
  constructor(itemSetId: number) {
    super(`Changes of item set ${itemSetId} are sent before it is finished.`)
    this.name = 'WaitingForSetChanges'
  }
}

/**
 * Whether a change of the item set other than the op keyed `ownKey` is still in the outbox,
 * waiting or being sent, whatever its place in the queue: a save flushed as the screen closed
 * may be queued after the finish, and must still reach the server before the lock ends.
 */
export async function setHasOtherChanges(itemSetId: number, ownKey: string): Promise<boolean> {
  const ops = await (await offlineDb()).getAll('outbox')
  return ops.some(
    (op) => op.id !== ownKey && op.kind !== ITEM_SET_FINISH && itemSetOfOp(op) === itemSetId,
  )
}

/**
 * Finishing an item set (POST /endworker/item-sets/{id}/finish/): ends its lock once every
 * change of the set is on the server, so no save arrives after the lock ended (410) and is lost.
 * The server refuses too (409) while an item of the set is not done; a lock already ended is
 * answered as such (200), so replays and a finish from two tabs are harmless.
 */
export const itemSetFinish: OperationDefinition<ItemSetFinishPayload> = {
  schema: ItemSetFinishPayloadSchema,
  coalesceKey: ({ itemSetId }) => String(itemSetId),
  itemSetOf: ({ itemSetId }) => itemSetId,
  send: async ({ itemSetId }, context) => {
    if (await setHasOtherChanges(itemSetId, context.idempotencyKey)) {
      throw new WaitingForSetChanges(itemSetId)
    }
    return sendWithKey(
      `endworker/item-sets/${itemSetId}/finish/`,
      { method: 'POST', schema: ItemSetFinishResultSchema },
      context,
    )
  },
  classify: (error) =>
    error instanceof WaitingForSetChanges ? 'transient' : classifyByStatus(error),
}

registerOperation(ITEM_SET_FINISH, itemSetFinish)
