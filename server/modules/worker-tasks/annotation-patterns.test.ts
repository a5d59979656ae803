import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PATTERN_TEXT_LENGTH } from '../../../contract/schema-rules'
import { taskSchemas } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { annotationBody, annotationPath, seedClaimedSet, WORKER_SCHEMA } from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/**
 * A schema stored before patterns were checked at save time, holding patterns that backtrack
 * catastrophically: saves against it must still answer at once.
 */
async function claimedWithStoredPatterns() {
  const claimed = await seedClaimedSet(t.app)
  await t.db
    .update(taskSchemas)
    .set({
      schema: {
        ...WORKER_SCHEMA,
        validators: [
          { type: 'regex', field: 'transcript', pattern: '^(a|a)*$', flags: '', severity: 'error' },
          { type: 'regex', field: 'note', pattern: '^(\\w|\\d)+$', flags: 'i', severity: 'error' },
          // No linear engine runs lookarounds: a rule stored with one is skipped, not a failure.
          { type: 'regex', field: 'note', pattern: '^(?!x)', flags: '', severity: 'error' },
        ],
      },
    })
    .where(eq(taskSchemas.id, claimed.scenario.schemaId))
  return claimed
}

describe('annotation saves against stored catastrophic patterns', () => {
  it('answer with the rule failures instead of stalling the server', async () => {
    const { worker, setId, itemIds } = await claimedWithStoredPatterns()
    // 29 characters took a backtracking engine about 4 s, doubling with each more; these are far
    // longer, so only a linear engine answers within the test's time.
    const response = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: `${'a'.repeat(5000)}!`, note: `${'1'.repeat(5000)}!` }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json().errors).toEqual({
      transcript: ['The value does not have the required form.'],
      note: ['The value does not have the required form.'],
    })
    const matching = await worker.put(
      annotationPath(setId, itemIds[1]!),
      annotationBody({ transcript: 'a'.repeat(5000), note: 'xyz' }),
    )
    expect(matching.statusCode).toBe(200)
    expect(matching.json().errors).toEqual({})
  })

  it('refuse to run a pattern on a text over the length bound', async () => {
    const { worker, setId, itemIds } = await claimedWithStoredPatterns()
    const response = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: 'a'.repeat(MAX_PATTERN_TEXT_LENGTH + 1) }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json().errors).toEqual({
      transcript: [
        `Too long to check its form: enter at most ${MAX_PATTERN_TEXT_LENGTH} characters.`,
      ],
    })
  })
})
