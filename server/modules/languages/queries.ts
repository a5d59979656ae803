import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { languages } from '../../db/schema'

export async function listLanguages(db: Db) {
  return db
    .select({ id: languages.id, code: languages.code, name: languages.name })
    .from(languages)
    .orderBy(asc(languages.name), asc(languages.id))
}
