import type { Dump, FakeTask, Task, TaskStats } from '../../../../contract/client-tasks'
import { acme } from '../definitions/test-fixtures'

/** Answers of the task calls, shaped as the contract says, for the component tests. */

const anna = { id: 7, username: 'anna' }

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 41,
    description: 'March recordings',
    status: 'IN_PROGRESS',
    created_timestamp: '2026-03-02T08:15:00Z',
    start_timestamp: '2026-03-02T09:00:00Z',
    end_timestamp: null,
    author: anna,
    task_type: {
      id: 31,
      name: 'Polish transcription',
      annotations_per_item: 1,
      status: 'ACTIVE',
      client_group: acme,
    },
    project: null,
    local_parameters: {},
    deadline: null,
    base_language: { id: 1, code: 'pl', name: 'Polish' },
    target_language: { id: 2, code: 'en', name: 'English' },
    settle_target_lang: false,
    schema: { id: 11, name: 'Transcription', version: 1 },
    protocol: { id: 21, name: 'Guidelines', version: 1 },
    is_fixed_sets: false,
    download_enabled: true,
    encrypt_audio: false,
    items_per_set: 2,
    max_items_per_user: null,
    metadata: {},
    items: { total: 4, done: 1, left: 3 },
    annotations: { total: 4, done: 1, left: 3 },
    failed: { total: 0, done: 0, left: 0 },
    progress: 25,
    last_stats_recalculation: '2026-03-03T10:00:00Z',
    last_activity: '2026-03-03T09:30:00Z',
    latest_dump: null,
    ...overrides,
  }
}

export function makeDump(overrides: Partial<Dump> = {}): Dump {
  return {
    id: 61,
    task: 41,
    author: anna,
    file: null,
    created_timestamp: '2026-03-03T10:00:00Z',
    processed_timestamp: null,
    status: 'PROCESSING',
    error: null,
    format: 'jsonl',
    progress: 0,
    task_progress: 25,
    task_status: 'IN_PROGRESS',
    include_annotation_attachment_uuid: false,
    include_author_id: false,
    include_data_ids: false,
    include_not_done_items: false,
    include_not_validated_annotations: false,
    remove_duplicates: false,
    fill_hidden_fields_with_defaults: false,
    include_review: false,
    include_gold: false,
    aggregate: false,
    ...overrides,
  }
}

export function makeStats(overrides: Partial<TaskStats> = {}): TaskStats {
  return {
    total_items: 4,
    done_items: 1,
    total_annotations: 4,
    endworkers_involved: 1,
    endworker_stats: [
      {
        id: 9,
        username: 'ola',
        is_staff: false,
        annotations_done: 1,
        annotations_failed: 0,
        worktime: 3725,
        last_annotation: '2026-03-03T09:30:00Z',
      },
    ],
    available_endworkers: 5,
    annotations_histogram: [
      { timestamp: '2026-03-02T00:00:00Z', annotations_count: 3 },
      { timestamp: '2026-03-03T00:00:00Z', annotations_count: 7 },
    ],
    ...overrides,
  }
}

export function makeFakeTask(overrides: Partial<FakeTask> = {}): FakeTask {
  return {
    task_id: 41,
    schema: 11,
    protocol: 21,
    encrypt_audio: false,
    offset: 0,
    next_offset: 2,
    lock_expiration_timestamp: '2026-03-03T11:00:00Z',
    items: [],
    items_count: 0,
    done_items_count: 0,
    ...overrides,
  }
}

/** A page of the list envelope. */
export const page = <T>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
})
