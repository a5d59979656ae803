import { parseArgs } from 'node:util'
import * as v from 'valibot'
import {
  type CreatedRegistrationKey,
  REGISTRATION_KEY_DEFAULT_LIFETIME_DAYS,
  RegistrationKeyInputSchema,
} from '../../contract/coordinator-keys'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { createRegistrationKey } from '../modules/coordinator/keys-service'
import { CommandError } from './errors'

export const REGISTRATION_KEY_USAGE = `registration-key [--email EMAIL] [--accounts N] [--days N] [--group ID ...]
           [--coordination-group ID] [--not-endworker] [--inactive]
    Makes a registration key and prints its link, shown only this once. Without --email anyone
    with the link may register; --accounts (default 1) accounts may be made within --days
    (default ${REGISTRATION_KEY_DEFAULT_LIFETIME_DAYS}). New accounts join the --group groups and are end workers unless
    --not-endworker; --inactive makes them wait for activation. The link starts with the first
    origin of PUBLIC_ORIGIN.`

const WholeNumberText = (option: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,9}$/, `--${option}: give a whole number.`), v.transform(Number))

/** The key's fields from the command line, in the form the API takes them. */
export function parseRegistrationKeyArgs(args: string[], now = new Date()) {
  let values: ReturnType<typeof parseRegistrationKeyOptions>['values']
  try {
    values = parseRegistrationKeyOptions(args).values
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n\nUsage: ${REGISTRATION_KEY_USAGE}`)
  }
  const number = (option: string, text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback
    const parsed = v.safeParse(WholeNumberText(option), text)
    if (!parsed.success) throw new CommandError(parsed.issues[0].message)
    return parsed.output
  }
  const days = number('days', values.days, REGISTRATION_KEY_DEFAULT_LIFETIME_DAYS)
  const input = {
    email: values.email ?? null,
    accounts_left: number('accounts', values.accounts, 1),
    expiration_timestamp: new Date(now.getTime() + days * 86_400_000).toISOString(),
    deactivate_account: values.inactive ?? false,
    is_endworker: !(values['not-endworker'] ?? false),
    groups: (values.group ?? []).map((id) => number('group', id, 0)),
    coordination_group:
      values['coordination-group'] === undefined
        ? null
        : number('coordination-group', values['coordination-group'], 0),
  }
  const parsed = v.safeParse(RegistrationKeyInputSchema, input)
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => {
      const field = issue.path?.[0]?.key
      return `--${String(field).replaceAll('_', '-')}: ${issue.message}`
    })
    throw new CommandError(`Cannot make the key:\n  ${problems.join('\n  ')}`)
  }
  return parsed.output
}

function parseRegistrationKeyOptions(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      email: { type: 'string' },
      accounts: { type: 'string' },
      days: { type: 'string' },
      group: { type: 'string', multiple: true },
      'coordination-group': { type: 'string' },
      'not-endworker': { type: 'boolean' },
      inactive: { type: 'boolean' },
    },
  })
}

/** Makes the key as staff would through the API: any groups, no coordination group needed. */
export async function makeRegistrationKey(
  db: Db,
  input: v.InferOutput<typeof RegistrationKeyInputSchema>,
  origin: string,
): Promise<CreatedRegistrationKey> {
  try {
    return await createRegistrationKey(db, { scope: null, userId: null }, input, origin)
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) {
      throw new CommandError(`Cannot make the key: ${error.message}`)
    }
    throw error
  }
}
