import 'fake-indexeddb/auto'
import { HttpResponse, http } from 'msw'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import type {
  WorkerAnnotation,
  WorkerItem,
  WorkerItemSet,
  WorkerProtocolView,
  WorkerTask,
} from '../../../contract/worker'
import { offlineDb } from '../../offline/db'
import { getOutboxStatus, hasUnsyncedChanges } from '../../offline/outbox'
// Browser stand-ins the widgets need under jsdom (the textarea's autosizing).
import '../../widgets/test/render'

/** Fixtures of the worker's API for the tasks, annotate and sync tests. */

const place = (row: number, column: number, colWidth: number) => ({
  row,
  column,
  col_width: colWidth,
  col_offset: 0,
})

export const testSchema: TaskSchemaDocument = {
  validators: [
    { type: 'required', field: 'transcript', severity: 'error', message: 'Type what you hear.' },
  ],
  rows_visibility: [],
  item_schema: {
    prompt: {
      widget: { config: { component: 'text', label: 'Prompt' } },
      grid_placement: place(1, 1, 12),
    },
  },
  annotation_schema: {
    transcript: {
      widget: { config: { component: 'textarea', label: 'Transcript' } },
      grid_placement: place(2, 1, 8),
      data_type: 'string',
    },
    matches: {
      widget: { config: { component: 'checkbox', label: 'The picture matches' } },
      grid_placement: place(2, 2, 4),
      data_type: 'bool',
    },
  },
}

export const POLISH = {
  id: 1,
  code: 'pl',
  name: 'Polish',
  diacritic_signs: [
    { sign: 'ą', description: 'a with ogonek' },
    { sign: 'ł', description: 'l with stroke' },
  ],
}

export function makeAnnotation(overrides: Partial<WorkerAnnotation> = {}): WorkerAnnotation {
  return {
    id: 900,
    data: { transcript: 'from the server', matches: 'true' },
    is_done: false,
    is_validating: false,
    errors: {},
    warnings: {},
    info: {},
    status: 'saved',
    client_updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

export function makeItem(id: number, annotation: WorkerAnnotation | null = null): WorkerItem {
  return { id, task_id: 3, data: { prompt: `Prompt ${id}` }, annotation, rows: [] }
}

export function makeItemSet(overrides: Partial<WorkerItemSet> = {}): WorkerItemSet {
  const items = overrides.items ?? [makeItem(11), makeItem(12)]
  return {
    id: 55,
    task: {
      id: 3,
      description: 'Transcribe the street',
      status: 'IN_PROGRESS',
      base_language: POLISH,
      target_language: POLISH,
      encrypt_audio: false,
    },
    lock_expiration_timestamp: new Date(Date.now() + 3_600_000).toISOString(),
    expired: false,
    items,
    items_count: items.length,
    done_items_count: 0,
    schema: testSchema,
    protocol: { id: 8, name: 'Street rules', version: 2, read: true, serving_type: 'TXT' },
    ...overrides,
  }
}

export function makeProtocol(overrides: Partial<WorkerProtocolView> = {}): WorkerProtocolView {
  return {
    id: 8,
    name: 'Street rules',
    version: 2,
    serving_type: 'TXT',
    content: '## Listening\n\nWrite what you hear.',
    diff: null,
    show_changes: false,
    created_timestamp: '2026-02-01T09:00:00.000Z',
    read: true,
    read_timestamp: '2026-02-02T09:00:00.000Z',
    ...overrides,
  }
}

export function makeTask(overrides: Partial<WorkerTask> = {}): WorkerTask {
  return {
    id: 3,
    description: 'Transcribe the street',
    task_type: { id: 4, name: 'Transcription' },
    base_language: { id: 1, code: 'pl', name: 'Polish' },
    target_language: { id: 2, code: 'en', name: 'English' },
    settle_target_lang: false,
    encrypt_audio: false,
    protocol: { id: 8, name: 'Street rules', version: 2, read: true },
    items_total: 9,
    items_available_for_me: 6,
    my_done: 2,
    progress: 40,
    my_open_item_set: null,
    stop: null,
    ...overrides,
  }
}

/** The item set, its protocol and its media, as the server answers them. */
export function itemSetHandlers(view: WorkerItemSet, protocol = makeProtocol()) {
  return [
    http.get(`/api/endworker/item-sets/${view.id}/`, () => HttpResponse.json(view)),
    http.get(`/api/endworker/protocols/${protocol.id}/`, () => HttpResponse.json(protocol)),
  ]
}

/**
 * The annotator's first screens as the server answers them: one task in the list (`/tasks`) and,
 * at `/tasks/3/55`, a set of two items (#11 done, #12 not started) with its protocol.
 */
export function firstWorkScreenHandlers() {
  return [
    http.get('/api/endworker/tasks/', () =>
      HttpResponse.json({ count: 1, next: null, previous: null, results: [makeTask()] }),
    ),
    ...itemSetHandlers(
      makeItemSet({ items: [makeItem(11, makeAnnotation({ is_done: true })), makeItem(12)] }),
    ),
  ]
}

/** Empties the app's offline database between tests (the outbox, drafts, stored sets). */
export async function resetOfflineDb(): Promise<void> {
  const db = await offlineDb()
  for (const store of db.objectStoreNames) await db.clear(store)
  await hasUnsyncedChanges()
}

export const pendingOps = () => getOutboxStatus().pending
