import { parseArgs } from 'node:util'
import { type AppConfig, ConfigError, loadConfig } from '../config'
import { type Db, databaseTargetFromConfig, migrateDatabase, openDatabase } from '../db/client'
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock'
import { createDemoWorkspace } from '../demo/demo'
import { ContentKeyStore, mediaKeySecret } from '../modules/media/protection/key-store'
import { MigrationMismatch } from '../modules/media/store/migrate'
import { MediaStoreUnavailable, openCheckedMediaStore } from '../modules/media/store/open-store'
import { CREATEUSER_USAGE, createUser, parseCreateUserArgs } from './createuser'
import { CommandError } from './errors'
import { MEDIA_MIGRATE_USAGE, runMediaMigrate } from './media-migrate'
import {
  makeRegistrationKey,
  parseRegistrationKeyArgs,
  REGISTRATION_KEY_USAGE,
} from './registration-key'

export const USAGE = `Usage: npm run manage -- <command> [options]

Commands:
  ${CREATEUSER_USAGE}
  ${REGISTRATION_KEY_USAGE}
  ${MEDIA_MIGRATE_USAGE}
  demo
    Fills an empty database with a demo workspace: one account per role, groups, a project, a
    protocol, a schema, a task type and a running task with audio and picture items. Every
    account gets the password in DEMO_PASSWORD, or a random one printed once.
  help
    Shows this text.

The database is the server's: PostgreSQL when DATABASE_URL is set, otherwise the embedded
database in DATA_DIR (stop the server first: only one process may open it).`

export type CliOutput = { out: (text: string) => void; err: (text: string) => void }

/** Runs one command and answers its exit code; mistakes are reported without a stack trace. */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  output: CliOutput,
): Promise<number> {
  const [command, ...args] = argv
  if (command === 'help' || command === '--help' || command === '-h') {
    output.out(USAGE)
    return 0
  }
  try {
    switch (command) {
      case 'createuser': {
        const input = parseCreateUserArgs(args)
        const user = await withDatabase(env, (db) => createUser(db, input))
        output.out(
          `Created user "${user.username}" (id ${user.id}) with roles ${user.roles.join(', ')}.`,
        )
        return 0
      }
      case 'registration-key': {
        const input = parseRegistrationKeyArgs(args)
        const key = await withDatabase(env, (db, config) =>
          makeRegistrationKey(db, input, config.publicOrigins[0] ?? ''),
        )
        const who = key.email === null ? 'anyone with the link' : key.email
        output.out(
          `Registration key ${key.id} for ${who}: ${key.accounts_left} account(s) until ${key.expiration_timestamp}.`,
        )
        output.out(key.link)
        output.out('The link is shown only this once.')
        return 0
      }
      case 'media-migrate': {
        await runMediaMigrate(args, env, output.out)
        return 0
      }
      case 'demo': {
        parseArgs({ args, strict: true, allowPositionals: false, options: {} })
        const password = env.DEMO_PASSWORD || undefined
        const result = await withDatabase(env, async (db, config) => {
          const media = await openCheckedMediaStore(config)
          try {
            return await createDemoWorkspace(db, {
              media,
              contentKeys: new ContentKeyStore(mediaKeySecret(config)),
              password,
            })
          } finally {
            media.close()
          }
        })
        output.out(
          `Demo workspace created: task ${result.taskId}, ${result.mediaFiles} media files.`,
        )
        output.out('Accounts:')
        for (const credential of result.credentials) {
          const shown = password === undefined ? credential.password : '(DEMO_PASSWORD)'
          output.out(`  ${credential.username.padEnd(12)} ${credential.role.padEnd(16)} ${shown}`)
        }
        if (password === undefined) output.out('These passwords are shown only this once.')
        return 0
      }
      default:
        output.err(command === undefined ? USAGE : `Unknown command "${command}".\n\n${USAGE}`)
        return 1
    }
  } catch (error) {
    if (isUserMistake(error)) {
      output.err((error as Error).message)
      return 1
    }
    throw error
  }
}

function isUserMistake(error: unknown): boolean {
  return (
    error instanceof CommandError ||
    error instanceof ConfigError ||
    error instanceof EmbeddedDatabaseBusyError ||
    error instanceof MediaStoreUnavailable ||
    error instanceof MigrationMismatch ||
    // parseArgs' own errors (unknown option, missing value) explain themselves.
    (error instanceof TypeError &&
      (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS') === true)
  )
}

/** Opens and migrates the database exactly as the server does, and always closes it. */
async function withDatabase<T>(
  env: NodeJS.ProcessEnv,
  work: (db: Db, config: AppConfig) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env)
  const database = await openDatabase(databaseTargetFromConfig(config, 'manage command'))
  try {
    await migrateDatabase(database)
    return await work(database.db, config)
  } finally {
    await database.close()
  }
}
