import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { AnnotationListQuery } from '../../../../contract/client-tasks'
import type { Db } from '../../../db/client'
import { annotations, goldAnswers, items, users } from '../../../db/schema'
import type { PageRequest } from '../../../http/paging'

type AnnotationFilters = Omit<AnnotationListQuery, 'ordering' | 'offset' | 'limit'>

export function annotationConditions(taskId: number, filters: AnnotationFilters): SQL | undefined {
  const noErrors = sql`${annotations.errors} = '{}'::jsonb`
  return and(
    eq(items.taskId, taskId),
    filters.user ? eq(annotations.userId, filters.user) : undefined,
    filters.is_done !== undefined ? eq(annotations.isDone, filters.is_done) : undefined,
    filters.has_errors !== undefined
      ? filters.has_errors
        ? sql`not ${noErrors}`
        : noErrors
      : undefined,
    filters.created_after ? gte(annotations.createdAt, filters.created_after) : undefined,
    filters.created_before ? lte(annotations.createdAt, filters.created_before) : undefined,
    // Values only, not field names, or every annotation would match its own field names.
    filters.search
      ? sql`exists (select 1 from jsonb_each_text(${annotations.data}) field
                    where strpos(lower(field.value), lower(${filters.search})) > 0)`
      : undefined,
  )
}

const orderColumns = {
  id: annotations.id,
  created: annotations.createdAt,
  modified: annotations.modifiedAt,
  item: annotations.itemId,
  user: annotations.userId,
}

export async function annotationPage(
  db: Db,
  where: SQL | undefined,
  ordering: AnnotationListQuery['ordering'],
  page: PageRequest,
) {
  const descending = ordering.startsWith('-')
  const column = orderColumns[ordering.replace(/^-/, '') as keyof typeof orderColumns]
  const direction = descending ? desc : asc
  return db
    .select({
      annotation: annotations,
      itemData: items.data,
      itemGold: goldAnswers.expected,
      user: { id: users.id, username: users.username },
    })
    .from(annotations)
    .innerJoin(items, eq(items.id, annotations.itemId))
    .innerJoin(users, eq(users.id, annotations.userId))
    .leftJoin(goldAnswers, eq(goldAnswers.itemId, items.id))
    .where(where)
    .orderBy(direction(column), direction(annotations.id))
    .limit(page.limit)
    .offset(page.offset)
}

export async function countAnnotations(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(annotations)
    .innerJoin(items, eq(items.id, annotations.itemId))
    .where(where)
  return row?.count ?? 0
}
