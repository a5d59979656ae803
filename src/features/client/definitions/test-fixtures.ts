import { configure } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { vi } from 'vitest'
import type {
  TaskProtocolEntity,
  TaskSchemaEntity,
  TaskTypeEntity,
} from '../../../../contract/client-definitions'
import { TASK_TYPE_DEFAULTS } from '../../../../contract/client-definitions'
import type { ClientGroup } from '../../../../contract/client-groups'
import type { TaskSchemaDocument } from '../../../../contract/task-schema'

/** Answers of the definition calls, shaped as the contract says, for the component tests. */

// The definition pages are large forms: on a busy machine rendering and typing into them take
// longer than Testing Library's and Vitest's default waits.
configure({ asyncUtilTimeout: 5_000 })
vi.setConfig({ testTimeout: 30_000 })

export const acme: ClientGroup = { id: 3, name: 'acme', full_name: 'Acme Ltd' }
export const globex: ClientGroup = { id: 5, name: 'globex', full_name: 'Globex Corp' }

export const clientGroupsHandler = (groups: ClientGroup[] = [acme]) =>
  http.get('/api/client/client-groups/', () => HttpResponse.json(groups))

export const place = (row: number, column: number, col_width = 12, col_offset = 0) => ({
  row,
  column,
  col_width,
  col_offset,
})

const transcriptDocument = (): TaskSchemaDocument => ({
  validators: [{ type: 'required', field: 'transcript', severity: 'error' }],
  rows_visibility: [],
  item_schema: {
    prompt: {
      widget: { config: { component: 'text', label: 'Prompt' } },
      grid_placement: place(0, 0),
    },
  },
  annotation_schema: {
    transcript: {
      widget: { config: { component: 'textarea', label: 'Transcript' } },
      grid_placement: place(1, 0),
      data_type: 'string',
    },
  },
})

const anna = { id: 7, username: 'anna' }

export function makeSchema(overrides: Partial<TaskSchemaEntity> = {}): TaskSchemaEntity {
  return {
    id: 11,
    name: 'Transcription',
    version: 1,
    schema: transcriptDocument(),
    author: anna,
    client_group: acme,
    created_timestamp: '2026-03-02T08:15:00Z',
    next_version: null,
    task_types: [],
    tasks: [],
    ...overrides,
  }
}

export function makeProtocol(overrides: Partial<TaskProtocolEntity> = {}): TaskProtocolEntity {
  return {
    id: 21,
    name: 'Guidelines',
    version: 1,
    serving_type: 'TXT',
    content: '# Guidelines\n\nWrite what you hear.',
    file: null,
    diff: null,
    show_changes_days: 0,
    author: anna,
    client_group: acme,
    created_timestamp: '2026-03-02T08:15:00Z',
    next_version: null,
    task_types: [],
    tasks: [],
    ...overrides,
  }
}

export function makeTaskType(overrides: Partial<TaskTypeEntity> = {}): TaskTypeEntity {
  return {
    ...TASK_TYPE_DEFAULTS,
    id: 31,
    name: 'Polish transcription',
    status: 'CREATED',
    schema: { id: 11, name: 'Transcription', version: 1 },
    protocol: { id: 21, name: 'Guidelines', version: 1 },
    client_group: acme,
    limiters: [],
    whitelist: [],
    blacklist: [],
    deputy: [],
    task_groups: [],
    projects: [],
    default_project: null,
    removable: true,
    active_tasks: 0,
    archived_tasks: 0,
    author: anna,
    created_timestamp: '2026-03-02T08:15:00Z',
    ...overrides,
  }
}

/** A 400 with messages per field, as the server sends it. */
export const fieldErrors = (fields: Record<string, string[]>) =>
  HttpResponse.json({ detail: 'Invalid body.', code: 'validation_error', fields }, { status: 400 })
