import { parseArgs } from 'node:util'
import * as v from 'valibot'
import { PasswordSchema, UsernameSchema } from '../../contract/auth'
import { ROLES, type Role } from '../../contract/roles'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { hashPassword } from '../modules/auth/passwords'
import { insertAccount, usernameTaken } from './accounts'
import { CommandError } from './errors'

export const CREATEUSER_USAGE = `createuser --username NAME --email EMAIL --password PASSWORD --role ROLE [--role ROLE ...]
           [--first-name NAME] [--last-name NAME]
    Creates a password account. Roles: ${ROLES.join(', ')}.`

export type CreateUserInput = {
  username: string
  email: string
  password: string
  roles: string[]
  firstName: string
  lastName: string
}

export function parseCreateUserArgs(args: string[]): CreateUserInput {
  let values: ReturnType<typeof parseCreateUserOptions>['values']
  try {
    values = parseCreateUserOptions(args).values
  } catch (error) {
    // parseArgs explains unknown options and missing values well; only its stack is unwanted.
    throw new CommandError(`${(error as Error).message}\n\nUsage: ${CREATEUSER_USAGE}`)
  }
  const missing = (['username', 'email', 'password', 'role'] as const).filter(
    (name) => values[name] === undefined,
  )
  if (missing.length > 0) {
    const list = missing.map((name) => `--${name}`).join(', ')
    throw new CommandError(`Missing ${list}.\n\nUsage: ${CREATEUSER_USAGE}`)
  }
  return {
    username: values.username ?? '',
    email: values.email ?? '',
    password: values.password ?? '',
    roles: values.role ?? [],
    firstName: values['first-name'] ?? '',
    lastName: values['last-name'] ?? '',
  }
}

function parseCreateUserOptions(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  })
}

const EmailSchema = v.pipe(v.string(), v.trim(), v.email('Enter a valid e-mail address.'))
const NameSchema = v.pipe(v.string(), v.trim(), v.maxLength(150, 'Use at most 150 characters.'))

export type CreatedUser = { id: number; username: string; roles: Role[] }

/** Validates like the API does, then creates the account with its preferences and profile. */
export async function createUser(db: Db, input: CreateUserInput): Promise<CreatedUser> {
  const problems: string[] = []
  const check = <T>(option: string, schema: v.GenericSchema<unknown, T>, value: unknown) => {
    const result = v.safeParse(schema, value)
    if (result.success) return result.output
    problems.push(`--${option}: ${result.issues[0].message}`)
    return undefined
  }
  const username = check('username', UsernameSchema, input.username)
  const email = check('email', EmailSchema, input.email)
  check('password', PasswordSchema, input.password)
  const firstName = check('first-name', NameSchema, input.firstName)
  const lastName = check('last-name', NameSchema, input.lastName)
  const unknownRoles = input.roles.filter((role) => !(ROLES as readonly string[]).includes(role))
  if (input.roles.length === 0) problems.push('--role: give at least one role.')
  if (unknownRoles.length > 0) {
    problems.push(`--role: unknown ${unknownRoles.join(', ')}; choose from ${ROLES.join(', ')}.`)
  }
  if (username !== undefined && (await usernameTaken(db, username))) {
    problems.push(`--username: the username "${username}" is already taken.`)
  }
  if (problems.length > 0 || username === undefined || email === undefined) {
    throw new CommandError(`Cannot create the user:\n  ${problems.join('\n  ')}`)
  }

  const roles = [...new Set(input.roles)] as Role[]
  const passwordHash = await hashPassword(input.password)
  try {
    const id = await db.transaction((tx) =>
      insertAccount(tx, {
        username,
        email,
        firstName: firstName ?? '',
        lastName: lastName ?? '',
        passwordHash,
        roles,
      }),
    )
    return { id, username, roles }
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new CommandError(
        `Cannot create the user:\n  --username: the username "${username}" is already taken.`,
      )
    }
    throw error
  }
}
