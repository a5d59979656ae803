import type { QueryClient } from '@tanstack/react-query'
import { keepFinishedSetsSynced } from './features/annotate/finish'
import { keepItemSetsSynced } from './features/annotate/sync'
import { keepReviewListsSynced } from './features/review/sync'
import { taskKeys } from './features/tasks/queries'
// Registers the annotation, review and activity operations before the outbox replays anything.
import './offline/operations/annotation-save'
import './offline/operations/review-save'
import './offline/operations/timelog-activity'
import { startOutboxSync } from './offline/outbox'

/**
 * Once per page load: queued changes replay now, on reconnection, on tab focus and on a timer,
 * and what the server confirms is folded into the item sets and review lists shown and kept. Loaded by
 * main.tsx once the page has loaded and the browser is idle (the queue waits safely on the
 * device until then), so none of this delays the first screen.
 */
export function startOfflineSync(queryClient: QueryClient) {
  startOutboxSync()
  keepItemSetsSynced(queryClient)
  keepReviewListsSynced(queryClient)
  keepFinishedSetsSynced(queryClient, () => {
    void queryClient.invalidateQueries({ queryKey: taskKeys.all })
  })
}
