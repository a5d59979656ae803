import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Language } from '../../../contract/auth'
import type { ApprovalQuery } from '../../../contract/coordinator-users'
import type { Db } from '../../db/client'
import { approvalLanguages, approvals, endworkerProfiles, languages, users } from '../../db/schema'
import { nameMatches } from '../task-definitions/listing'
import { groupMemberIds } from './queries'
import { userScope } from './users-queries'

type ApprovalFilter = Omit<ApprovalQuery, 'ordering' | 'offset' | 'limit'>

function approvalFilters(db: Db, coordinatorId: number | null, query: ApprovalFilter) {
  return and(
    userScope(db, coordinatorId, approvals.userId),
    query.status === undefined ? undefined : eq(approvals.status, query.status),
    query.coordination_group === undefined
      ? undefined
      : inArray(approvals.userId, groupMemberIds(db, query.coordination_group)),
    query.search
      ? or(
          nameMatches(users.username, query.search),
          nameMatches(users.firstName, query.search),
          nameMatches(users.lastName, query.search),
          nameMatches(users.email, query.search),
        )
      : undefined,
  )
}

const deciders = alias(users, 'deciders')

const columns = {
  id: approvals.id,
  status: approvals.status,
  createdAt: approvals.createdAt,
  decidedAt: approvals.decidedAt,
  newMainLanguageId: approvals.newMainLanguageId,
  decidedBy: {
    id: deciders.id,
    username: deciders.username,
    firstName: deciders.firstName,
    lastName: deciders.lastName,
  },
  user: {
    id: users.id,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
  profileId: endworkerProfiles.id,
  mainLanguageId: endworkerProfiles.mainLanguageId,
}

const orderColumns: Record<ApprovalQuery['ordering'] extends `-${infer F}` ? F : never, SQL> = {
  id: sql`${approvals.id}`,
  created: sql`${approvals.createdAt}`,
  username: sql`lower(${users.username})`,
  status: sql`${approvals.status}`,
}

const fromApprovals = (db: Db) =>
  db
    .select(columns)
    .from(approvals)
    .innerJoin(users, eq(users.id, approvals.userId))
    .leftJoin(deciders, eq(deciders.id, approvals.decidedById))
    .leftJoin(endworkerProfiles, eq(endworkerProfiles.userId, approvals.userId))

export type ApprovalRow = Awaited<ReturnType<typeof fromApprovals>>[number]

export async function listApprovals(db: Db, coordinatorId: number | null, query: ApprovalQuery) {
  const where = approvalFilters(db, coordinatorId, query)
  const direction = query.ordering.startsWith('-') ? desc : asc
  const key = query.ordering.replace(/^-/, '') as keyof typeof orderColumns
  const rows = await fromApprovals(db)
    .where(where)
    .orderBy(direction(orderColumns[key]), asc(approvals.id))
    .limit(query.limit)
    .offset(query.offset)
  return { rows, count: await countApprovals(db, coordinatorId, query) }
}

export async function countApprovals(db: Db, coordinatorId: number | null, query: ApprovalFilter) {
  const [total] = await db
    .select({ value: count() })
    .from(approvals)
    .innerJoin(users, eq(users.id, approvals.userId))
    .where(approvalFilters(db, coordinatorId, query))
  return total?.value ?? 0
}

export async function findApprovalInScope(
  db: Db,
  coordinatorId: number | null,
  approvalId: number,
) {
  const [row] = await fromApprovals(db).where(
    and(eq(approvals.id, approvalId), userScope(db, coordinatorId, approvals.userId)),
  )
  return row
}

/** The new languages each approval asks for, native ones apart, by approval id. */
export async function approvalLanguagesOf(db: Db, approvalIds: number[]) {
  const byApproval = new Map<number, { languages: Language[]; native: Language[] }>()
  if (approvalIds.length === 0) return byApproval
  const rows = await db
    .select({
      approvalId: approvalLanguages.approvalId,
      isNative: approvalLanguages.isNative,
      id: languages.id,
      code: languages.code,
      name: languages.name,
    })
    .from(approvalLanguages)
    .innerJoin(languages, eq(languages.id, approvalLanguages.languageId))
    .where(inArray(approvalLanguages.approvalId, approvalIds))
    .orderBy(languages.name)
  for (const { approvalId, isNative, ...language } of rows) {
    const entry = byApproval.get(approvalId) ?? { languages: [], native: [] }
    ;(isNative ? entry.native : entry.languages).push(language)
    byApproval.set(approvalId, entry)
  }
  return byApproval
}

export async function decideApproval(
  db: Db,
  approvalId: number,
  decision: { status: number; byUserId: number },
) {
  await db
    .update(approvals)
    .set({ status: decision.status, decidedAt: sql`now()`, decidedById: decision.byUserId })
    .where(eq(approvals.id, approvalId))
}
