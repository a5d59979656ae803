import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Role } from '../../../contract/roles'
import type { Db } from '../../db/client'
import { endworkerGroupMembers, endworkerGroups, reviewItems, users } from '../../db/schema'
import { uniqueName } from '../../test/fixtures'
import { sendRecentActivity } from '../quality/test-fixtures'
import {
  annotationBody,
  annotationPath,
  type ClaimedSet,
  clientFor,
  type ScenarioOptions,
  seedClaimedSet,
  type Worker,
  type WorkerClient,
} from '../worker-tasks/test-fixtures'

/**
 * A review scenario: a task whose type has review enabled, a worker who claimed a set of it, and
 * a review group that reviews the worker's task group (endworker_groups.reviewed_by_group_id).
 */
export type ReviewScenario = ClaimedSet & { reviewGroupId: number }

export async function seedReviewScenario(
  app: FastifyInstance,
  { items = 3, probability = 1, newcomers = 0 } = {},
  options: ScenarioOptions = {},
): Promise<ReviewScenario> {
  const claimed = await seedClaimedSet(app, {
    items,
    ...options,
    type: {
      itemsPerSet: items,
      reviewEnabled: true,
      reviewProbability: probability,
      reviewNewcomersBound: newcomers,
      ...options.type,
    },
  })
  return { ...claimed, reviewGroupId: await addReviewGroup(app, claimed.scenario.taskGroupId) }
}

/** A review group that reviews the task group's work; answers its id. */
export async function addReviewGroup(app: { db: Db }, taskGroupId: number): Promise<number> {
  const [reviewGroup] = await app.db
    .insert(endworkerGroups)
    .values({ name: uniqueName('review-group'), taskGroup: false, reviewGroup: true })
    .returning({ id: endworkerGroups.id })
  await app.db
    .update(endworkerGroups)
    .set({ reviewedByGroupId: reviewGroup!.id })
    .where(eq(endworkerGroups.id, taskGroupId))
  return reviewGroup!.id
}

/** A user with these roles, member of the review group when one is given. */
export async function seedReviewer(
  db: Db,
  reviewGroupId: number | null,
  roles: Role[] = ['reviewer'],
): Promise<Worker> {
  const username = uniqueName('reviewer')
  const [user] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      firstName: 'Rita',
      lastName: 'Viewer',
      roles,
    })
    .returning({ id: users.id })
  if (reviewGroupId !== null) {
    await db.insert(endworkerGroupMembers).values({ groupId: reviewGroupId, userId: user!.id })
  }
  return { id: user!.id, username }
}

/** A signed-in user with these roles, member of the review group when one is given. */
export async function addReviewer(
  app: FastifyInstance,
  reviewGroupId: number | null,
  roles: Role[] = ['reviewer'],
): Promise<WorkerClient> {
  return clientFor(app, await seedReviewer(app.db, reviewGroupId, roles))
}

let editCount = 0

/**
 * The worker finishes (or takes back) the item's annotation through the API; `active`: after
 * the tracker sent activity on the set, so the done mark carries no activity flag
 * (server/modules/quality/activity-flags.ts), which would draw it for review.
 */
export async function finishItem(
  scenario: ClaimedSet,
  itemId: number,
  isDone = true,
  { active = false } = {},
) {
  if (active) await sendRecentActivity(scenario)
  editCount += 1
  // Each edit is newer than the one before by the client's clock, so none is ignored.
  const at = new Date(Date.now() + editCount)
  const response = await scenario.worker.put(
    annotationPath(scenario.setId, itemId),
    annotationBody({ transcript: `done ${itemId}` }, { isDone, at }),
  )
  if (response.statusCode !== 200) {
    throw new Error(`the save answered ${response.statusCode}: ${response.body}`)
  }
}

export const reviewItemsOfTask = (app: FastifyInstance, taskId: number) =>
  app.db.select().from(reviewItems).where(eq(reviewItems.taskId, taskId))
