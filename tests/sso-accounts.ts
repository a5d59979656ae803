import { loadConfig } from '../server/config'
import { databaseTargetFromConfig, migrateDatabase, openDatabase } from '../server/db/client'
import { insertAccount } from '../server/manage/accounts'
import { SSO_PEOPLE } from './sso'

/**
 * Run by the global setup after `manage demo`, before the server starts: the placeholder
 * accounts coordinators would have made for the single-sign-on test people.
 */
const config = loadConfig(process.env)
const database = await openDatabase(databaseTargetFromConfig(config, 'single-sign-on accounts'))
try {
  await migrateDatabase(database)
  for (const person of Object.values(SSO_PEOPLE)) {
    if (!person.account) continue
    await insertAccount(database.db, {
      username: person.account.username,
      email: person.claims.email,
      firstName: '',
      lastName: '',
      passwordHash: null,
      roles: ['endworker'],
      isSsoAccount: true,
      isActive: person.account.isActive,
    })
  }
} finally {
  await database.close()
}
