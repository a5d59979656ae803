import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import {
  type GivenMark,
  REVIEW_COMMENT_DEBOUNCE_MS,
  type ReviewErrorType,
  type ReviewedItem,
  ReviewedItemSchema,
} from '../../../contract/review'
import type { OutboxError } from '../../offline/db'
import {
  REVIEW_SAVE,
  type ReviewFields,
  type ReviewSavePayload,
  sameReviewFields,
} from '../../offline/operations/review-save'
import { enqueue, subscribe } from '../../offline/outbox'
import { readReviewDraft } from './drafts'
import { showConfirmedReview } from './sync'

/**
 * The save status of a review card (spec section 4): nothing graded yet, being processed,
 * saved, failed, or refused as invalid.
 */
export type SaveStatus = 'initialized' | 'saving' | 'saved' | 'error' | 'invalid'

export type CardValues = { mark: number; error_types: ReviewErrorType[]; comment: string }

/**
 * A review card's values and save status. Every change is written to the device at once; the
 * fields changed since the last confirmed save (only those) go to the outbox, the comment after
 * REVIEW_COMMENT_DEBOUNCE_MS of quiet. Once the server confirms them, the card shows its answer
 * (which the outbox keeps on the device in the same step) and later edits start from it. A draft
 * found on load (edits not yet confirmed) is applied and queued again.
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
          const { reviewItemId, fields } = event.op.payload as ReviewSavePayload
          if (reviewItemId !== item.id || !sameReviewFields(fields, latest.current)) return
          const saved = v.safeParse(ReviewedItemSchema, event.result)
          if (saved.success) showConfirmedReview(queryClient, saved.output)
          latest.current = {}
          setChanged(latest.current)
          setStatus('saved')
          setProblem(null)
        }
        if (event.type === 'rejected' && event.rejection.op.kind === REVIEW_SAVE) {
          const { reviewItemId } = event.rejection.op.payload as ReviewSavePayload
          if (reviewItemId !== item.id) return
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
