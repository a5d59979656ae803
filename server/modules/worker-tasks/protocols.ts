import { msg } from '#lingui-message'
import {
  PROTOCOL_NOT_CONFIRMED_DETAIL,
  type ProtocolConfirmResult,
  type WorkerProtocolView,
} from '../../../contract/worker'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { notFound, permissionDenied } from '../../http/errors'
import { type IdempotencyScope, withIdempotency } from '../../http/idempotency'
import { protocolPdf, protocolView } from '../task-definitions/protocol-service'
import { findProtocolRead, protocolConcernsWorker, recordProtocolRead } from './protocol-queries'

/** Task routes need the task's pinned protocol version confirmed by the worker. */
export async function requireProtocolRead(db: Db, userId: number, protocolId: number) {
  if (!(await findProtocolRead(db, userId, protocolId))) {
    throw permissionDenied(PROTOCOL_NOT_CONFIRMED_DETAIL)
  }
}

async function requireConcern(db: Db, user: SessionUser, protocolId: number) {
  if (!(await protocolConcernsWorker(db, user.id, protocolId))) {
    throw notFound(msg`No such protocol among the tasks you may work on.`)
  }
}

export async function workerProtocol(
  db: Db,
  user: SessionUser,
  protocolId: number,
): Promise<WorkerProtocolView> {
  await requireConcern(db, user, protocolId)
  const view = await protocolView(db, protocolId)
  const read = await findProtocolRead(db, user.id, protocolId)
  return { ...view, read: read !== undefined, read_timestamp: read?.readAt.toISOString() ?? null }
}

/** The PDF of a PDF protocol the worker may read. */
export async function workerProtocolFile(db: Db, user: SessionUser, protocolId: number) {
  await requireConcern(db, user, protocolId)
  return protocolPdf(db, protocolId)
}

export async function confirmProtocol(
  db: Db,
  user: SessionUser,
  protocolId: number,
  idempotency: IdempotencyScope | null,
) {
  return withIdempotency<ProtocolConfirmResult>(db, idempotency, async (tx) => {
    await requireConcern(tx, user, protocolId)
    const readAt = await recordProtocolRead(tx, user.id, protocolId)
    return {
      status: 200,
      body: { protocol_id: protocolId, read: true, read_timestamp: readAt.toISOString() },
    }
  })
}
