import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client'
import { isForeignKeyViolation } from '../../db/errors'
import {
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  users,
} from '../../db/schema'
import { HttpError } from '../../http/errors'
import { uniqueName } from '../../test/fixtures'
import { openTestDatabase } from '../../test/harness'
import { missingIds, type Reference, savingReferences } from './references'

let database: DatabaseHandle
let drop: () => Promise<void>
let groupId: number
let userId: number

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
  const [group] = await database.db
    .insert(endworkerGroups)
    .values({ name: uniqueName('group') })
    .returning()
  groupId = group!.id
  const [user] = await database.db
    .insert(users)
    .values({ username: uniqueName('user') })
    .returning()
  userId = user!.id
})
afterAll(() => drop())

const references: Reference[] = [
  { field: 'reviewed_by_group', column: endworkerGroups.reviewedByGroupId },
  { field: 'members', column: endworkerGroupMembers.userId },
  // Its constraint's name is longer than PostgreSQL keeps.
  { field: 'managed_groups', column: coordinationManagedGroups.managedGroupId },
]

async function refusal(save: Promise<unknown>): Promise<unknown> {
  try {
    await savingReferences(references, save)
  } catch (error) {
    return error
  }
  throw new Error('the save did not fail')
}

describe('references of admin saves', () => {
  it('answers the ids that name no row, within a transaction', async () => {
    const missing = await database.db.transaction((tx) =>
      missingIds(tx, endworkerGroups, [groupId, 999_999, groupId, 999_998]),
    )
    expect(missing).toEqual([999_999, 999_998])
    expect(await missingIds(database.db, endworkerGroups, [])).toEqual([])
  })

  it('answers a foreign key finding its row gone as an error on the field naming it', async () => {
    const { db } = database
    const saves = {
      reviewed_by_group: db
        .insert(endworkerGroups)
        .values({ name: uniqueName('group'), reviewedByGroupId: 999_999 }),
      members: db.insert(endworkerGroupMembers).values({ groupId, userId: 999_999 }),
      managed_groups: db
        .insert(coordinationManagedGroups)
        .values({ coordinationGroupId: groupId, managedGroupId: 999_999 }),
    }
    for (const [field, save] of Object.entries(saves)) {
      const error = await refusal(save)
      expect(error).toBeInstanceOf(HttpError)
      expect(error).toMatchObject({ statusCode: 400, code: 'validation_error' })
      expect(Object.keys((error as HttpError).fields!)).toEqual([field])
    }
  })

  it('passes on a foreign key it was not told of, and any other failure', async () => {
    const unlisted = await refusal(
      database.db.insert(endworkerGroupMembers).values({ groupId: 999_999, userId }),
    )
    expect(unlisted).not.toBeInstanceOf(HttpError)
    expect(isForeignKeyViolation(unlisted)).toBe(true)
    const other = new Error('something else')
    expect(await refusal(Promise.reject(other))).toBe(other)
  })
})
