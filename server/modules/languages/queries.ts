import { asc, inArray } from 'drizzle-orm'
import type { DiacriticSign } from '../../../contract/auth'
import type { Db } from '../../db/client'
import { languages } from '../../db/schema'

export async function listLanguages(db: Db) {
  return db
    .select({ id: languages.id, code: languages.code, name: languages.name })
    .from(languages)
    .orderBy(asc(languages.name), asc(languages.id))
}

/** The languages, in the order given, each with its diacritic signs. */
export async function withDiacriticSigns<L extends { id: number }>(
  db: Db,
  list: L[],
): Promise<(L & { diacritic_signs: DiacriticSign[] })[]> {
  const ids = [...new Set(list.map((language) => language.id))]
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: languages.id, signs: languages.diacriticSigns })
          .from(languages)
          .where(inArray(languages.id, ids))
  const signs = new Map(rows.map((row) => [row.id, row.signs]))
  return list.map((language) => ({ ...language, diacritic_signs: signs.get(language.id) ?? [] }))
}
