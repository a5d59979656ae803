import type { FastifyRequest } from 'fastify'
import { hasPermission, type Role } from '../../contract/roles'
import { notAuthenticated, permissionDenied } from './errors'

/**
 * Route hooks. Put them in `onRequest` so a visitor without the right gets 401/403 before the
 * body is parsed and validated; they work as `preHandler` too.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw notAuthenticated()
}

/** The user must hold `role`; staff pass every check (contract/roles.ts). */
export function requirePermission(role: Role) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw notAuthenticated()
    if (!hasPermission(request.user.roles, role)) throw permissionDenied()
  }
}

/** The signed-in user of a route guarded by requireUser or requirePermission. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw notAuthenticated()
  return request.user
}
