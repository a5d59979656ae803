import { sql } from 'drizzle-orm'
import { check, doublePrecision, index, integer, jsonb, pgTable } from 'drizzle-orm/pg-core'
import { cascadeRef, createdAt, identityId, optionalTimestamp, setNullRef } from './columns'
import { taskTypes } from './definitions'
import { users } from './identity'
import { items } from './tasks'

/**
 * The expected answer of a gold (control) item, by annotation field name. Kept apart from
 * `items` so that no query reading items for a worker can carry it along by mistake.
 */
export const goldAnswers = pgTable('gold_answers', {
  itemId: integer()
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  expected: jsonb().$type<Record<string, unknown>>().notNull(),
  /** Who made the item gold: null when an upload did. */
  setById: setNullRef(() => users.id),
  setAt: createdAt(),
})

/**
 * A worker the quality gate stopped from taking new item sets of a task type, and the
 * coordinator who let them back in. Gold answers made before a release no longer count for the
 * gate, so a released worker is judged afresh.
 */
export const qualityStops = pgTable(
  'quality_stops',
  {
    id: identityId(),
    userId: cascadeRef(() => users.id),
    taskTypeId: cascadeRef(() => taskTypes.id),
    stoppedAt: createdAt(),
    /** The gold accuracy, 0 to 1, that stopped the worker. */
    accuracy: doublePrecision().notNull(),
    goldAnswers: integer().notNull(),
    releasedById: setNullRef(() => users.id),
    releasedAt: optionalTimestamp(),
  },
  (t) => [
    index('quality_stops_user_type_idx').on(t.userId, t.taskTypeId),
    check('quality_stops_accuracy_check', sql`${t.accuracy} between 0 and 1`),
  ],
)
