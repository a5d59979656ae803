import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { errorForLog } from './log-serializers'

describe('errors as logged', () => {
  it("keep what failed and where, not the statement's parameters or the database's detail", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (lower(email))=(ada@example.test) already exists.',
    })
    const error = new DrizzleQueryError(
      'insert into users (email) values ($1)',
      ['ada@example.test'],
      cause,
    )
    const logged = errorForLog(error) as Record<string, unknown>
    expect(JSON.stringify(logged)).not.toContain('ada@example.test')
    expect(logged).toMatchObject({
      message: 'Failed query: insert into users (email) values ($1)\nparams: (not logged)',
      cause: { message: 'duplicate key value violates unique constraint', code: '23505' },
    })
    expect(logged.stack).toContain('params: (not logged)')
  })

  it('take what is not an error as its text', () => {
    expect(errorForLog('stopped')).toEqual({ type: 'string', message: 'stopped', stack: '' })
  })
})
