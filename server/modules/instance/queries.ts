import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { instanceSettings } from '../../db/schema'

/** The stored value of an instance setting, undefined when staff never set it. */
export async function findSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, key))
    .limit(1)
  return row?.value
}
