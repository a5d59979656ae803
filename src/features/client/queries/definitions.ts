import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  EndworkerStatListSchema,
  LanguageStatListSchema,
  TaskProtocolEntitySchema,
  TaskSchemaEntitySchema,
  TaskTypeEntitySchema,
  TaskTypeLanguageListSchema,
  TaskTypePageSchema,
  VersionRefSchema,
} from '../../../../contract/client-definitions'
import {
  PICKER_DEFAULT_LIMIT,
  PickerChoiceListSchema,
  PickerUserListSchema,
} from '../../../../contract/client-pickers'
import { type Paged, pagedSchema } from '../../../../contract/common'
import { api, type RequestOptions } from '../../../api/client'

/** Query strings as the API client sends them (empty values are left out). */
type Query = NonNullable<RequestOptions<unknown>['query']>

/** The two versioned definitions share their calls; task types have their own. */
export type VersionedKind = 'task-schemas' | 'task-protocols'

/**
 * Query keys of the client's definitions. Writes invalidate `definitionKeys.kind(kind)`, which
 * covers its lists, pickers, details and versions; task types also show schema and protocol
 * names, so schema and protocol writes invalidate task types too.
 */
export const definitionKeys = {
  all: ['client', 'definitions'] as const,
  kind: (kind: VersionedKind | 'task-types') => [...definitionKeys.all, kind] as const,
  list: (kind: VersionedKind | 'task-types', query: Query) =>
    [...definitionKeys.kind(kind), 'list', query] as const,
  refs: (kind: VersionedKind, clientGroup: number | null) =>
    [...definitionKeys.kind(kind), 'refs', clientGroup] as const,
  detail: (kind: VersionedKind | 'task-types', id: number) =>
    [...definitionKeys.kind(kind), id] as const,
  versions: (kind: VersionedKind, id: number) =>
    [...definitionKeys.detail(kind, id), 'previous-versions'] as const,
  languages: (id: number, side: 'base' | 'target') =>
    [...definitionKeys.detail('task-types', id), 'languages', side] as const,
  languageStats: (id: number, query: Query) =>
    [...definitionKeys.detail('task-types', id), 'language-stats', query] as const,
  endworkerStats: (id: number, query: Query) =>
    [...definitionKeys.detail('task-types', id), 'endworker-stats', query] as const,
  choices: (kind: ChoiceKind, search: string) =>
    [...definitionKeys.all, 'choices', kind, search] as const,
}

const entitySchemas = {
  'task-schemas': TaskSchemaEntitySchema,
  'task-protocols': TaskProtocolEntitySchema,
} as const
/** A schema or protocol version as the API answers it. */
export type VersionedEntity<K extends VersionedKind> = v.InferOutput<(typeof entitySchemas)[K]>

/** A 400 of a list names the query that was wrong; the list says so in place. */
const LIST_STATUSES = [400]

export const versionedListQuery = <K extends VersionedKind>(kind: K, query: Query) =>
  queryOptions({
    queryKey: definitionKeys.list(kind, query),
    queryFn: ({ signal }) =>
      api(`client/${kind}/`, {
        query,
        schema: pagedSchema(entitySchemas[kind]) as v.GenericSchema<
          unknown,
          Paged<VersionedEntity<K>>
        >,
        signal,
        handledStatuses: LIST_STATUSES,
      }),
    placeholderData: (previous) => previous,
  })

/** The newest versions of a client group's schemas or protocols, for the task type selects. */
export const versionRefsQuery = (kind: VersionedKind, clientGroup: number | null) =>
  queryOptions({
    queryKey: definitionKeys.refs(kind, clientGroup),
    queryFn: ({ signal }) =>
      api(`client/${kind}/`, {
        query: { base: true, client_group__id: clientGroup, ordering: 'name' },
        schema: v.array(VersionRefSchema),
        signal,
      }),
    enabled: clientGroup !== null,
  })

export const versionedQuery = <K extends VersionedKind>(kind: K, id: number) =>
  queryOptions({
    queryKey: definitionKeys.detail(kind, id),
    queryFn: ({ signal }) =>
      api(`client/${kind}/${id}/`, {
        schema: entitySchemas[kind] as v.GenericSchema<unknown, VersionedEntity<K>>,
        signal,
      }),
  })

/** The versions a version replaced, newest first. */
export const previousVersionsQuery = <K extends VersionedKind>(kind: K, id: number) =>
  queryOptions({
    queryKey: definitionKeys.versions(kind, id),
    queryFn: ({ signal }) =>
      api(`client/${kind}/${id}/previous-versions/`, {
        schema: v.array(entitySchemas[kind]) as v.GenericSchema<unknown, VersionedEntity<K>[]>,
        signal,
      }),
  })

export const taskTypeListQuery = (query: Query) =>
  queryOptions({
    queryKey: definitionKeys.list('task-types', query),
    queryFn: ({ signal }) =>
      api('client/task-types/', {
        query,
        schema: TaskTypePageSchema,
        signal,
        handledStatuses: LIST_STATUSES,
      }),
    placeholderData: (previous) => previous,
  })

export const taskTypeQuery = (id: number) =>
  queryOptions({
    queryKey: definitionKeys.detail('task-types', id),
    queryFn: ({ signal }) =>
      api(`client/task-types/${id}/`, { schema: TaskTypeEntitySchema, signal }),
  })

export const taskTypeLanguagesQuery = (id: number, side: 'base' | 'target') =>
  queryOptions({
    queryKey: definitionKeys.languages(id, side),
    queryFn: ({ signal }) =>
      api(`client/task-types/${id}/${side}-languages/`, {
        schema: TaskTypeLanguageListSchema,
        signal,
      }),
  })

/** A bad time frame answers 400; the statistics page shows it next to the dates. */
export const languageStatsQuery = (id: number, query: Query) =>
  queryOptions({
    queryKey: definitionKeys.languageStats(id, query),
    queryFn: ({ signal }) =>
      api(`client/task-types/${id}/language-stats/`, {
        query,
        schema: LanguageStatListSchema,
        signal,
        handledStatuses: LIST_STATUSES,
      }),
    placeholderData: (previous) => previous,
  })

export const endworkerStatsQuery = (id: number, query: Query) =>
  queryOptions({
    queryKey: definitionKeys.endworkerStats(id, query),
    queryFn: ({ signal }) =>
      api(`client/task-types/${id}/endworker-stats/`, {
        query,
        schema: EndworkerStatListSchema,
        signal,
        handledStatuses: LIST_STATUSES,
      }),
    placeholderData: (previous) => previous,
  })

const choiceSchemas = {
  users: PickerUserListSchema,
  limiters: PickerChoiceListSchema,
  'task-groups': PickerChoiceListSchema,
  projects: PickerChoiceListSchema,
} as const
/** What a task type picks from (contract/client-pickers.ts). */
export type ChoiceKind = keyof typeof choiceSchemas
export type Choice<K extends ChoiceKind> = v.InferOutput<(typeof choiceSchemas)[K]>[number]

/**
 * The first matches of a search among the choices of the task type form. Each search is its own
 * short-lived entry, kept out of the persisted cache: lists of people do not belong on disk.
 */
export const choicesQuery = <K extends ChoiceKind>(kind: K, search: string) =>
  queryOptions({
    queryKey: definitionKeys.choices(kind, search),
    queryFn: ({ signal }) =>
      api(`client/${kind}/`, {
        query: { search, limit: PICKER_DEFAULT_LIMIT },
        schema: choiceSchemas[kind] as v.GenericSchema<unknown, Choice<K>[]>,
        signal,
      }),
    placeholderData: (previous) => previous,
    gcTime: 5 * 60_000,
    meta: { persist: false },
  })
