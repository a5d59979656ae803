import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { WorkerItemSet } from '../../../contract/worker'
import { requestPersistentStorage } from '../../offline/storage-quota'
import { usePageSettled } from '../../ui/deferred/page-settled'
import { keepOffline, offlineFileUrls } from './offline-files'
import { workerProtocolQuery } from './queries'
import { storeItemSetProtocol } from './stored'

/** Downloads running side by side: enough to be quick, few enough to leave the network usable. */
const PARALLEL_DOWNLOADS = 3

export type OfflineCopy = {
  ready: number
  total: number
  done: boolean
  /** Downloads are under way. */
  running: boolean
  retry: () => void
}

/**
 * Gets everything needed to finish the set offline onto the device: the media files and the
 * protocol (its text or PDF, kept with the set), besides the set itself (stored when fetched).
 * Files still missing are tried again when the connection returns, or on `retry`. The copy starts
 * once the page has settled: on a slow phone the downloads would otherwise share the network and
 * the main thread with what draws the screen.
 */
export function useOfflineCopy(view: WorkerItemSet): OfflineCopy {
  const queryClient = useQueryClient()
  const [attempt, setAttempt] = useState(0)
  const [progress, setProgress] = useState({ run: '', ready: 0, running: true })
  const settled = usePageSettled()
  const { id: itemSetId } = view
  const protocolId = view.protocol.id
  // By value: the set is a new object after every confirmed save, which must not restart this.
  const files = offlineFileUrls(view).join('\n')
  const run = `${itemSetId}|${protocolId}|${attempt}|${files}`
  // The protocol's own view counts as one more file.
  const total = (files === '' ? 0 : files.split('\n').length) + 1

  useEffect(() => {
    // Asked here, where offline work begins: some browsers ask the user.
    void requestPersistentStorage()
  }, [])

  useEffect(() => {
    if (!settled) return
    let cancelled = false
    let ready = 0
    const report = (running: boolean) => {
      if (!cancelled) setProgress({ run, ready, running })
    }
    const count = () => {
      ready += 1
      report(true)
    }

    const protocol = queryClient
      .fetchQuery(workerProtocolQuery(protocolId, itemSetId))
      .then((copy) => storeItemSetProtocol(itemSetId, copy))
      .then(count, () => undefined)
    const queue = files === '' ? [] : files.split('\n')
    const download = async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        if (await keepOffline(url)) count()
      }
    }
    const downloads = Array.from({ length: PARALLEL_DOWNLOADS }, download)
    void Promise.all([protocol, ...downloads]).then(() => report(false))
    return () => {
      cancelled = true
      queue.length = 0
    }
  }, [settled, queryClient, itemSetId, protocolId, files, run])

  useEffect(() => {
    const again = () => setAttempt((value) => value + 1)
    window.addEventListener('online', again)
    return () => window.removeEventListener('online', again)
  }, [])

  const current = progress.run === run ? progress : { ready: 0, running: true }
  return {
    ready: current.ready,
    total,
    done: current.ready === total,
    running: current.running,
    retry: () => setAttempt((value) => value + 1),
  }
}
