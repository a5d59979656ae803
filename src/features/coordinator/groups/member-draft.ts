import * as v from 'valibot'
import { IdSchema } from '../../../../contract/common'
import { type UserBase, UserBaseSchema } from '../../../../contract/coordinator-users'
import { keepFormDraft, restoredDraft } from '../../../ui/forms/drafts'

/**
 * An unsaved change of a group's members, kept in local storage from the first click (so a
 * reload or a closed tab loses nothing) as what to add and what to remove, never as a whole list:
 * applied to the members the server has now, it keeps changes others saved meanwhile.
 */
const MemberChangeSchema = v.object({ added: v.array(UserBaseSchema), removed: v.array(IdSchema) })
export type MemberChange = v.InferOutput<typeof MemberChangeSchema>

export const NO_CHANGE: MemberChange = { added: [], removed: [] }

const draftName = (groupId: number) => `coordinator:group-members:${groupId}`

/** The stored change of the group; one from an older version of the screen is dropped. */
export function readMemberChange(groupId: number): MemberChange {
  const parsed = v.safeParse(MemberChangeSchema, restoredDraft(NO_CHANGE, draftName(groupId)))
  return parsed.success ? parsed.output : NO_CHANGE
}

export const isNoChange = (change: MemberChange) =>
  change.added.length === 0 && change.removed.length === 0

/** Stores the change, or forgets it when there is none. */
export function keepMemberChange(groupId: number, change: MemberChange): void {
  keepFormDraft(draftName(groupId), isNoChange(change) ? undefined : change)
}

/** A member as the list shows them: saved, to be added, or to be removed. */
export type MemberRow = UserBase & { state: 'saved' | 'added' | 'removed' }

const byUsername = (a: UserBase, b: UserBase) => a.username.localeCompare(b.username) || a.id - b.id

/** The members with the change applied, each marked, by username. */
export function memberRows(saved: UserBase[], change: MemberChange): MemberRow[] {
  const savedIds = new Set(saved.map((member) => member.id))
  const removed = new Set(change.removed)
  return [
    ...saved.map((member) => ({
      ...member,
      state: removed.has(member.id) ? ('removed' as const) : ('saved' as const),
    })),
    ...change.added
      .filter((member) => !savedIds.has(member.id))
      .map((member) => ({ ...member, state: 'added' as const })),
  ].sort(byUsername)
}

/** The ids the group is to have: the saved members, less those removed, with those added. */
export const memberIdsAfter = (saved: UserBase[], change: MemberChange) =>
  memberRows(saved, change)
    .filter((row) => row.state !== 'removed')
    .map((row) => row.id)

/** The change with a user added; adding a saved member undoes their removal. */
export function withAdded(change: MemberChange, user: UserBase, saved: UserBase[]): MemberChange {
  const removed = change.removed.filter((id) => id !== user.id)
  const known = [...saved, ...change.added].some((member) => member.id === user.id)
  return { added: known ? change.added : [...change.added, user], removed }
}

/** The change with a member removed: a saved one is marked, one just added is dropped. */
export function withRemoved(change: MemberChange, member: MemberRow): MemberChange {
  if (member.state === 'added') {
    return { ...change, added: change.added.filter((user) => user.id !== member.id) }
  }
  return { ...change, removed: [...new Set([...change.removed, member.id])] }
}

/** The change with a removal undone. */
export const withKept = (change: MemberChange, memberId: number): MemberChange => ({
  ...change,
  removed: change.removed.filter((id) => id !== memberId),
})
