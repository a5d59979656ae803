import type { ReviewedItem, ReviewTask } from '../../../contract/review'
import { testSchema } from '../annotate/test-fixtures'

/** Fixtures of the reviewer's API for the review tests. */

/** A locked review item, not graded yet. */
export const ITEM: ReviewedItem = {
  id: 41,
  item_id: 7,
  annotation_id: 9,
  status: 'LOCKED',
  generated_timestamp: '2030-01-01T10:00:00.000Z',
  protocol: { id: 3, name: 'Rules', version: 2, created_timestamp: '2029-12-01T10:00:00.000Z' },
  user_id: 5,
  task: { id: 12, description: 'Transcribe', encrypt_audio: false },
  languages: {
    base: { id: 1, code: 'en', name: 'English' },
    target: { id: 2, code: 'pl', name: 'Polish' },
  },
  locked_timestamp: '2030-01-01T11:00:00.000Z',
  is_bonus: false,
  reviewer: null,
  mark: 0,
  error_types: [],
  comment: '',
  reviewed_timestamp: null,
  lock_expiration_timestamp: '2030-01-01T12:00:00.000Z',
  annotation_timestamp: '2030-01-01T09:00:00.000Z',
  item_data: {},
  annotation_data: {},
  schema: testSchema,
}

/** What a reviewer's task and a worker's feedback task say alike of task 12 (their counts differ). */
export const TASK_SUMMARY = {
  id: 12,
  description: 'Transcribe the street',
  encrypt_audio: false,
  task_type: {
    id: 4,
    name: 'Transcription',
    client_group: { id: 1, name: 'ACME', full_name: 'ACME' },
  },
  languages: ITEM.languages,
  protocol: ITEM.protocol,
} satisfies Partial<ReviewTask>
