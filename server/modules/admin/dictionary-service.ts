import { msg } from '#lingui-message'
import type { LanguageInput, ProjectInput, TimelogTypeInput } from '../../../contract/admin'
import { withValues } from '../../http/i18n'
import { collectionService } from './collection-service'
import {
  languageQueries,
  languageUsage,
  projectQueries,
  projectUsage,
  timelogTypeQueries,
  timelogTypeUsage,
} from './dictionary-queries'

export const languageService = collectionService({
  queries: languageQueries,
  views: (_db, rows) =>
    rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      diacritic_signs: row.diacriticSigns,
    })),
  values: (input: LanguageInput) => ({
    code: input.code,
    name: input.name,
    diacriticSigns: input.diacritic_signs,
  }),
  unique: {
    field: 'code',
    of: (input) => input.code,
    taken: msg`A language with this code exists.`,
  },
  usage: languageUsage,
  describe: (row) => withValues(msg({ message: 'The language {name}' }), { name: row.name }),
  missing: msg`No such language.`,
})

export const projectService = collectionService({
  queries: projectQueries,
  views: (_db, rows) =>
    rows.map((row) => ({ id: row.id, name: row.name, description: row.description })),
  values: (input: ProjectInput) => ({ name: input.name, description: input.description }),
  unique: { field: 'name', of: (input) => input.name, taken: msg`A project of this name exists.` },
  usage: projectUsage,
  describe: (row) => withValues(msg({ message: 'The project {name}' }), { name: row.name }),
  missing: msg`No such project.`,
})

export const timelogTypeService = collectionService({
  queries: timelogTypeQueries,
  views: (_db, rows) =>
    rows.map((row) => ({ id: row.id, name: row.name, is_bonus_break: row.isBonusBreak })),
  values: (input: TimelogTypeInput) => ({ name: input.name, isBonusBreak: input.is_bonus_break }),
  unique: {
    field: 'name',
    of: (input) => input.name,
    taken: msg`A time-log type of this name exists.`,
  },
  usage: timelogTypeUsage,
  describe: (row) => withValues(msg({ message: 'The time-log type {name}' }), { name: row.name }),
  missing: msg`No such time-log type.`,
})
