import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Role } from '../../contract/roles'
import type { SessionUser } from './augment'
import { HttpError } from './errors'
import { requirePermission, requireUser } from './guards'

const requestOf = (roles: Role[] | null) =>
  ({
    user:
      roles &&
      ({ id: 1, username: 'u', roles, isActive: true, isSsoAccount: false } satisfies SessionUser),
  }) as FastifyRequest

const failure = async (check: Promise<void>) => {
  try {
    await check
    return null
  } catch (error) {
    return error instanceof HttpError ? { status: error.statusCode, code: error.code } : error
  }
}

describe('requireUser', () => {
  it('passes a signed-in user and answers 401 to a visitor', async () => {
    expect(await failure(requireUser(requestOf([])))).toBeNull()
    expect(await failure(requireUser(requestOf(null)))).toEqual({
      status: 401,
      code: 'not_authenticated',
    })
  })
})

describe('requirePermission', () => {
  it('passes holders of the role and staff, refuses others with 403', async () => {
    const coordinatorOnly = requirePermission('coordinator')
    expect(await failure(coordinatorOnly(requestOf(['coordinator'])))).toBeNull()
    expect(await failure(coordinatorOnly(requestOf(['staff'])))).toBeNull()
    expect(await failure(coordinatorOnly(requestOf(['endworker', 'reviewer'])))).toEqual({
      status: 403,
      code: 'permission_denied',
    })
    expect(await failure(coordinatorOnly(requestOf(null)))).toEqual({
      status: 401,
      code: 'not_authenticated',
    })
  })
})
