import { sql } from 'drizzle-orm'
import type { Role } from '../../contract/roles'
import type { Db } from '../db/client'
import { endworkerProfiles, userPreferences, users } from '../db/schema'

export type NewAccount = {
  username: string
  email: string
  firstName: string
  lastName: string
  /** Null for a placeholder account that will sign in through single sign-on. */
  passwordHash: string | null
  roles: Role[]
  isSsoAccount?: boolean
  isActive?: boolean
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
  return row !== undefined
}

/**
 * A password account with everything the app expects a user to have: preferences, and for end
 * workers a profile. Run it in a transaction so a failure leaves no half-made account.
 */
export async function insertAccount(db: Db, account: NewAccount): Promise<number> {
  const [user] = await db.insert(users).values(account).returning({ id: users.id })
  if (!user) throw new Error('user insert returned nothing')
  await db.insert(userPreferences).values({ userId: user.id })
  if (account.roles.includes('endworker')) {
    await db.insert(endworkerProfiles).values({ userId: user.id })
  }
  return user.id
}
