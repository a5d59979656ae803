import type { AnnotationListQuery, ExplorerAnnotation } from '../../../../contract/client-tasks'
import type { Db } from '../../../db/client'
import type { SessionUser } from '../../../http/augment'
import { clientScopeOf } from '../../client-groups/scope'
import { taskInScope } from '../tasks/task-service'
import { annotationConditions, annotationPage, countAnnotations } from './annotation-queries'

/** The annotations explorer: a task's annotations with their items, filtered and paged. */
export async function listAnnotations(
  db: Db,
  user: SessionUser,
  taskId: number,
  query: AnnotationListQuery,
): Promise<{ count: number; results: ExplorerAnnotation[] }> {
  await taskInScope(db, await clientScopeOf(db, user), taskId)
  const where = annotationConditions(taskId, query)
  const [count, rows] = await Promise.all([
    countAnnotations(db, where),
    annotationPage(db, where, query.ordering, query),
  ])
  return {
    count,
    results: rows.map(({ annotation, itemData, itemGold, user: author }) => ({
      id: annotation.id,
      item_id: annotation.itemId,
      item_data: itemData,
      item_gold: itemGold,
      data: annotation.data,
      is_done: annotation.isDone,
      is_validating: annotation.isValidating,
      errors: annotation.errors,
      warnings: annotation.warnings,
      info: annotation.info,
      user: author,
      created: annotation.createdAt.toISOString(),
      modified: annotation.modifiedAt.toISOString(),
    })),
  }
}
