import { msg } from '#lingui-message'
import type { GoldExpected, GoldItem } from '../../../../contract/client-tasks'
import type { Db } from '../../../db/client'
import type { SessionUser } from '../../../http/augment'
import { badRequest, type FieldProblems, notFound } from '../../../http/errors'
import { withValues } from '../../../http/i18n'
import { clientScopeOf } from '../../client-groups/scope'
import { checkGoldExpected } from '../../quality/gold-expected'
import { schemaDocument } from '../../task-definitions/schema-queries'
import { taskInScope } from '../tasks/task-service'
import { goldAnswerOf, lockTaskItem, makeGold, makeOrdinary } from './gold-queries'

const NO_ITEM = msg`No such item in this task.`

/** The task (404 unless the caller may see it) and its item (404 for another task's), locked. */
async function lockedItem(tx: Db, user: SessionUser, taskId: number, itemId: number) {
  const task = await taskInScope(tx, await clientScopeOf(tx, user), taskId, { lock: true })
  const item = await lockTaskItem(tx, taskId, itemId)
  if (!item) throw notFound(NO_ITEM)
  return { task, item }
}

/**
 * Makes an item of the task a gold item with the expected answer, or replaces the answer of a
 * gold item; the answer is checked against the task's annotation schema like a saved annotation.
 */
export async function setGold(
  db: Db,
  user: SessionUser,
  ids: { taskId: number; itemId: number },
  given: GoldExpected,
): Promise<GoldItem> {
  await db.transaction(async (tx) => {
    const { task, item } = await lockedItem(tx, user, ids.taskId, ids.itemId)
    const document = await schemaDocument(tx, task.schemaId)
    const { expected, problems } = checkGoldExpected(document, given, item.data)
    if (!expected) {
      const fields: FieldProblems = {}
      for (const { field, problem } of problems) {
        const key = field === '' ? 'expected' : `expected.${field}`
        fields[key] = [...(fields[key] ?? []), problem]
      }
      const names = Object.keys(fields).join(', ')
      throw badRequest(
        withValues(msg({ message: 'The expected answer does not fit the schema: {names}.' }), {
          names,
        }),
        fields,
      )
    }
    await makeGold(tx, { id: item.id, taskId: ids.taskId, wasGold: item.isGold }, expected, user.id)
  })
  const stored = await goldAnswerOf(db, ids.itemId)
  if (!stored) throw new Error(`gold answer of item ${ids.itemId} vanished`)
  return {
    item_id: stored.itemId,
    expected: stored.expected,
    set_by: stored.setBy,
    set_at: stored.setAt.toISOString(),
  }
}

/** Makes a gold item of the task an ordinary item again; an ordinary item is a 404. */
export async function unsetGold(
  db: Db,
  user: SessionUser,
  ids: { taskId: number; itemId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { item } = await lockedItem(tx, user, ids.taskId, ids.itemId)
    if (!item.isGold) throw notFound(msg`This item is not a gold item.`)
    await makeOrdinary(tx, { id: item.id, taskId: ids.taskId })
  })
}
