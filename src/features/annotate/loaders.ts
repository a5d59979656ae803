import type { QueryClient } from '@tanstack/react-query'
import { notFound, redirect } from '@tanstack/react-router'
import type { WorkerItemSet } from '../../../contract/worker'
import { orNotFound } from '../../api/not-found'
import { preferencesQuery } from '../auth/queries'
import { draftsQuery, itemSetQuery, workerProtocolQuery } from './queries'

/** The task routes need the current protocol version read; an expired set is only looked at. */
export const needsProtocolRead = (view: WorkerItemSet): boolean =>
  !view.protocol.read && !view.expired

export const protocolConfirmRoute = (view: WorkerItemSet) =>
  ({
    to: '/tasks/$taskId/$itemSetId/$taskProtocolId/protocol-confirm',
    params: { taskId: view.task.id, itemSetId: view.id, taskProtocolId: view.protocol.id },
  }) as const

/**
 * The annotation screen's loader: the set (fresh from the server when it answers, else the
 * device's copy) and its drafts. Unread protocols send the worker to the forced read first.
 */
export async function loadAnnotationScreen(
  queryClient: QueryClient,
  { taskId, itemSetId }: { taskId: number; itemSetId: number },
): Promise<void> {
  // The worker's playback and dictation preferences shape the widgets: asked for beside the set.
  void queryClient.prefetchQuery(preferencesQuery())
  const view = await orNotFound(queryClient.fetchQuery(itemSetQuery(itemSetId)))
  if (view.task.id !== taskId) throw notFound()
  if (needsProtocolRead(view)) throw redirect(protocolConfirmRoute(view))
  await queryClient.ensureQueryData(draftsQuery(itemSetId))
}

export async function loadWorkerProtocol(
  queryClient: QueryClient,
  { taskProtocolId, itemSetId }: { taskProtocolId: number; itemSetId: number },
): Promise<void> {
  await orNotFound(queryClient.ensureQueryData(workerProtocolQuery(taskProtocolId, itemSetId)))
}
