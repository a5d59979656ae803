import type { Role } from '../../contract/roles'
import type { AppConfig } from '../config'
import type { DatabaseHandle, Db } from '../db/client'
import type { JobQueue } from '../jobs/queue'

/** The signed-in user as the session plugin attaches it to each request. */
export type SessionUser = {
  id: number
  username: string
  roles: Role[]
  isActive: boolean
  isSsoAccount: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    db: Db
    database: DatabaseHandle
    /** Null when the app runs without background jobs (most tests). */
    jobs: JobQueue | null
  }
  interface FastifyRequest {
    user: SessionUser | null
  }
}
