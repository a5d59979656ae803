import type { Role } from '../../contract/roles'
import type { AppConfig } from '../config'
import type { DatabaseHandle, Db } from '../db/client'
import type { JobQueue } from '../jobs/queue'
import type { ContentKeyStore } from '../modules/media/protection/key-store'
import type { MediaStore } from '../modules/media/store/media-store'

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
    /** Where stored files live (the local media folder or a bucket). */
    media: MediaStore
    /** Wraps and unwraps the content keys of protected audio. */
    mediaKeys: ContentKeyStore
  }
  interface FastifyRequest {
    user: SessionUser | null
  }
}
