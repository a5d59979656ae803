import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  type GivenMark,
  REVIEW_COMMENT_DEBOUNCE_MS,
  type ReviewErrorType,
  type ReviewedItem,
  type ReviewedItemList,
} from '../../../contract/review'
import type { OutboxError } from '../../offline/db'
import { REVIEW_SAVE, type ReviewFields } from '../../offline/operations/review-save'
import { enqueue, subscribe } from '../../offline/outbox'
import { deleteReviewDraft, readReviewDraft } from './drafts'
import { reviewKeys } from './queries'

/**
 * The save status of a review card (spec section 4): nothing graded yet, being processed,
 * saved, failed, or refused as invalid.
 */
export type SaveStatus = 'initialized' | 'saving' | 'saved' | 'error' | 'invalid'

export type CardValues = { mark: number; error_types: ReviewErrorType[]; comment: string }

/**
 * Puts the server's answer in place of the item in the kept lists, so a batch reloaded from the
 * device (offline too) shows what the server holds once the draft is gone.
 */
function keepConfirmed(queryClient: QueryClient, saved: ReviewedItem) {
  const itemLists = (key: readonly unknown[]) => key[1] === 'locked' || key[1] === 'reviewed'
  queryClient.setQueriesData<ReviewedItemList>(
    { queryKey: reviewKeys.all, predicate: (query) => itemLists(query.queryKey) },
    (list) =>
      list && {
        ...list,
        results: list.results.map((item) => (item.id === saved.id ? saved : item)),
      },
  )
}

const sameFields = (a: ReviewFields, b: ReviewFields) => JSON.stringify(a) === JSON.stringify(b)

/**
 * A review card's values and save status. Every change is written to the device at once; the
 * changed fields (only those) go to the outbox, the comment after REVIEW_COMMENT_DEBOUNCE_MS of
 * quiet. A draft found on load (edits not yet confirmed) is applied and queued again.
 */
export function useReviewCard(item: ReviewedItem, via: 'locked' | 'reviewed') {
  const queryClient = useQueryClient()
  const [changed, setChanged] = useState<ReviewFields>({})
  const [status, setStatus] = useState<SaveStatus>(item.mark === 0 ? 'initialized' : 'saved')
  const [problem, setProblem] = useState<OutboxError | null>(null)
  const latest = useRef<ReviewFields>({})

  const send = useCallback(
    (fields: ReviewFields, sendAfterMs = 0) => {
      setStatus('saving')
      void enqueue(REVIEW_SAVE, { reviewItemId: item.id, via, fields }, { sendAfterMs })
    },
    [item.id, via],
  )

  useEffect(() => {
    let live = true
    void readReviewDraft(item.id).then((draft) => {
      if (!live || !draft || Object.keys(draft).length === 0) return
      latest.current = { ...draft, ...latest.current }
      setChanged(latest.current)
      send(latest.current)
    })
    return () => {
      live = false
    }
  }, [item.id, send])

  useEffect(
    () =>
      subscribe((event) => {
        if (event.type === 'synced' && event.op.kind === REVIEW_SAVE) {
          const payload = event.op.payload as { reviewItemId: number; fields: ReviewFields }
          if (payload.reviewItemId !== item.id || !sameFields(payload.fields, latest.current))
            return
          setStatus('saved')
          setProblem(null)
          keepConfirmed(queryClient, event.result as ReviewedItem)
          void deleteReviewDraft(item.id)
        }
        if (event.type === 'rejected' && event.rejection.op.kind === REVIEW_SAVE) {
          const payload = event.rejection.op.payload as { reviewItemId: number }
          if (payload.reviewItemId !== item.id) return
          const { error } = event.rejection
          setStatus(error.status === 400 ? 'invalid' : 'error')
          setProblem(error)
        }
      }),
    [item.id, queryClient],
  )

  const change = (fields: ReviewFields, debounced: boolean) => {
    latest.current = { ...latest.current, ...fields }
    setChanged(latest.current)
    send(latest.current, debounced ? REVIEW_COMMENT_DEBOUNCE_MS : 0)
  }

  const changeRef = useRef(change)
  changeRef.current = change

  const values: CardValues = {
    mark: changed.mark ?? item.mark,
    error_types: changed.error_types ?? item.error_types,
    comment: changed.comment ?? item.comment,
  }
  return {
    values,
    status,
    problem,
    setMark: useCallback((mark: GivenMark) => changeRef.current({ mark }, false), []),
    setErrorTypes: (errorTypes: ReviewErrorType[]) => change({ error_types: errorTypes }, false),
    setComment: (comment: string) => change({ comment }, true),
  }
}
