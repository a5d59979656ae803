import { msg } from '#lingui-message'
import { APPROVAL_STATUS, type Language } from '../../../contract/auth'
import type {
  ApprovalDecision,
  ApprovalQuery,
  CoordinatorApproval,
} from '../../../contract/coordinator-users'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { conflict, notFound } from '../../http/errors'
import {
  deleteApproval,
  findApproval,
  lockProfile,
  replaceProfileLanguages,
} from '../account/queries'
import {
  type ApprovalRow,
  approvalLanguagesOf,
  countApprovals,
  decideApproval,
  findApprovalInScope,
  listApprovals,
} from './approvals-queries'
import { languagesById, profileLanguagesOf } from './users-queries'
import { coordinatorScope } from './users-service'

async function approvalViews(db: Db, rows: ApprovalRow[]): Promise<CoordinatorApproval[]> {
  const asked = await approvalLanguagesOf(
    db,
    rows.map((row) => row.id),
  )
  const spoken = await profileLanguagesOf(
    db,
    rows.flatMap((row) => (row.profileId === null ? [] : [row.profileId])),
  )
  const mains = await languagesById(
    db,
    rows.flatMap((row) =>
      [row.newMainLanguageId, row.mainLanguageId].filter((id): id is number => id !== null),
    ),
  )
  const language = (id: number | null): Language | null =>
    id === null ? null : (mains.get(id) ?? null)
  return rows.map((row) => {
    const current = row.profileId === null ? undefined : spoken.get(row.profileId)
    return {
      id: row.id,
      // The column's check constraint keeps it within the contract's four values.
      status: row.status as CoordinatorApproval['status'],
      created_timestamp: row.createdAt.toISOString(),
      decided_timestamp: row.decidedAt?.toISOString() ?? null,
      decided_by: row.decidedBy && {
        id: row.decidedBy.id,
        username: row.decidedBy.username,
        first_name: row.decidedBy.firstName,
        last_name: row.decidedBy.lastName,
      },
      new_languages: asked.get(row.id)?.languages ?? [],
      new_native_languages: asked.get(row.id)?.native ?? [],
      new_main_language: language(row.newMainLanguageId),
      end_worker: {
        id: row.user.id,
        username: row.user.username,
        first_name: row.user.firstName,
        last_name: row.user.lastName,
        email: row.user.email,
        languages: current?.languages ?? [],
        native_languages: current?.native ?? [],
        main_language: language(row.mainLanguageId),
      },
    }
  })
}

export async function coordinatorApprovals(db: Db, user: SessionUser, query: ApprovalQuery) {
  const { rows, count } = await listApprovals(db, coordinatorScope(user), query)
  return { count, results: await approvalViews(db, rows) }
}

export async function coordinatorApprovalCount(
  db: Db,
  user: SessionUser,
  query: Omit<ApprovalQuery, 'ordering' | 'offset' | 'limit'>,
) {
  return { count: await countApprovals(db, coordinatorScope(user), query) }
}

async function approvalInScope(db: Db, user: SessionUser, approvalId: number) {
  const row = await findApprovalInScope(db, coordinatorScope(user), approvalId)
  if (!row) throw notFound(msg`No such profile approval among the users you coordinate.`)
  return row
}

/**
 * Decides a pending language change. Accepting gives the profile the asked languages, rejecting
 * leaves them as they were; either way the profile keeps pointing at this approval, so the
 * worker sees the outcome. The profile is locked first, as the worker's own edits do, so a
 * decision and a new request from the worker run one after the other.
 */
export async function decideProfileApproval(
  db: Db,
  user: SessionUser,
  approvalId: number,
  decision: ApprovalDecision,
): Promise<CoordinatorApproval> {
  const target = await approvalInScope(db, user, approvalId)
  await db.transaction(async (tx) => {
    const profile = await lockProfile(tx, target.user.id)
    const approval = await findApproval(tx, approvalId)
    if (!approval) throw notFound(msg`The worker withdrew this request meanwhile.`)
    if (approval.status !== APPROVAL_STATUS.PENDING) {
      throw conflict(msg`This profile change was already decided.`)
    }
    if (decision.status === APPROVAL_STATUS.ACCEPTED) {
      if (!profile) throw conflict(msg`The worker has no profile to apply the languages to.`)
      await replaceProfileLanguages(tx, profile.id, approval.sets)
    }
    await decideApproval(tx, approvalId, { status: decision.status, byUserId: user.id })
  })
  const [view] = await approvalViews(db, [await approvalInScope(db, user, approvalId)])
  if (!view) throw new Error(`approval ${approvalId} has no view`)
  return view
}

/** Removes an approval record; a pending one is thereby withdrawn and the languages stay. */
export async function removeProfileApproval(db: Db, user: SessionUser, approvalId: number) {
  await approvalInScope(db, user, approvalId)
  await deleteApproval(db, approvalId)
}
