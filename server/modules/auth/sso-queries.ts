import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { ssoLoginAttempts, users } from '../../db/schema'

/** A login under way lives this long: enough to sign in at the provider, not to be kept. */
const ATTEMPT_TTL_MINUTES = 15

export async function recordLoginAttempt(
  db: Db,
  attempt: { state: string; browserHash: string; codeVerifier: string; nonce: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(ssoLoginAttempts).where(lt(ssoLoginAttempts.expiresAt, sql`now()`))
    await tx.insert(ssoLoginAttempts).values({
      ...attempt,
      expiresAt: sql`now() + make_interval(mins => ${ATTEMPT_TTL_MINUTES})`,
    })
  })
}

/**
 * Marks an unexpired attempt used and answers it, in one statement so a callback replayed at the
 * same moment cannot use it twice. Null when it is unknown, expired or already used.
 */
export async function takeLoginAttempt(db: Db, state: string) {
  const [taken] = await db
    .update(ssoLoginAttempts)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(ssoLoginAttempts.state, state),
        isNull(ssoLoginAttempts.usedAt),
        sql`${ssoLoginAttempts.expiresAt} > now()`,
      ),
    )
    .returning()
  return taken ?? null
}

export async function findLoginAttempt(db: Db, state: string) {
  const [attempt] = await db
    .select({
      browserHash: ssoLoginAttempts.browserHash,
      used: sql<boolean>`${ssoLoginAttempts.usedAt} is not null`,
    })
    .from(ssoLoginAttempts)
    .where(and(eq(ssoLoginAttempts.state, state), sql`${ssoLoginAttempts.expiresAt} > now()`))
  return attempt ?? null
}

const accountColumns = {
  id: users.id,
  username: users.username,
  isActive: users.isActive,
  firstName: users.firstName,
  lastName: users.lastName,
}

/**
 * Two first logins of one provider account at once (two tabs, a double click) would both find no
 * link and both try to write it; holding this lock until the transaction ends makes the second
 * one find the link the first made.
 */
export async function lockProviderAccount(db: Db, issuer: string, subject: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${issuer}\n${subject}`}, 0))`,
  )
}

export async function findLinkedAccount(db: Db, issuer: string, subject: string) {
  const [account] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.ssoIssuer, issuer), eq(users.ssoSubject, subject)))
  return account ?? null
}

/** Accounts not linked to any provider account yet whose e-mail is `email` (any case). */
export async function findUnlinkedAccountsByEmail(db: Db, email: string) {
  return db
    .select(accountColumns)
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        isNull(users.ssoSubject),
        isNull(users.anonymizedAt),
      ),
    )
    .limit(2)
}

export async function linkAccount(
  db: Db,
  userId: number,
  link: { issuer: string; subject: string; firstName: string; lastName: string },
): Promise<void> {
  await db
    .update(users)
    .set({
      isSsoAccount: true,
      ssoIssuer: link.issuer,
      ssoSubject: link.subject,
      // A placeholder account gets the names the person keeps at the provider.
      firstName: sql`coalesce(nullif(${users.firstName}, ''), ${link.firstName})`,
      lastName: sql`coalesce(nullif(${users.lastName}, ''), ${link.lastName})`,
    })
    .where(eq(users.id, userId))
}
