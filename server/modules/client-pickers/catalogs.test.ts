import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endworkerGroups, limiters, projects } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'
import { seedWorkspace } from '../client-tasks/test-fixtures'

describe('GET /api/client/limiters/, task-groups/ and projects/', () => {
  let t: TestApp
  let client: SignedInClient

  beforeAll(async () => {
    t = await createTestApp()
    // A client of a group with no task types yet: the catalogs do not depend on the group.
    client = await signIn(t, { roles: ['client'] })
    await seedWorkspace(t.db, [client.user.id])
    await t.db
      .insert(limiters)
      .values([{ name: 'per-day' }, { name: 'Daily words' }, { name: 'weekly' }])
    await t.db.insert(projects).values([{ name: 'Zoo sounds' }, { name: 'Audio 100%' }])
    await t.db
      .insert(endworkerGroups)
      .values([
        { name: 'Polish team' },
        { name: 'Reviewers only', taskGroup: false, reviewGroup: true },
        { name: 'Coordinators', taskGroup: false, coordinationGroup: true },
        { name: 'Review and work', reviewGroup: true },
      ])
  })
  afterAll(() => t.close())

  const names = async (path: string, query: Record<string, string> = {}, as = client) => {
    const response = await as.get(path, { query })
    expect(response.statusCode, response.body).toBe(200)
    const choices = response.json() as { id: number; name: string }[]
    for (const choice of choices) expect(Object.keys(choice).sort()).toEqual(['id', 'name'])
    return choices.map((choice) => choice.name)
  }

  it('lists every limiter and project by name, whatever the case', async () => {
    expect(await names('client/limiters/')).toEqual(['Daily words', 'per-day', 'weekly'])
    expect(await names('client/projects/')).toEqual(['Audio 100%', 'Zoo sounds'])
  })

  it('offers only the end-worker groups marked as task groups', async () => {
    expect(await names('client/task-groups/')).toEqual(['Polish team', 'Review and work'])
  })

  it('searches names anywhere, names starting with the text first', async () => {
    expect(await names('client/limiters/', { search: 'DAY' })).toEqual(['per-day'])
    expect(await names('client/limiters/', { search: 'w' })).toEqual(['weekly', 'Daily words'])
    expect(await names('client/projects/', { search: '100%' })).toEqual(['Audio 100%'])
    expect(await names('client/projects/', { search: '_' })).toEqual([])
    expect(await names('client/task-groups/', { search: 'review' })).toEqual(['Review and work'])
  })

  it('shows staff the same catalogs', async () => {
    const staff = await signIn(t, { roles: ['staff'] })
    expect(await names('client/task-groups/', {}, staff)).toEqual([
      'Polish team',
      'Review and work',
    ])
    expect(await names('client/projects/', {}, staff)).toEqual(['Audio 100%', 'Zoo sounds'])
  })

  it('answers at most limit choices and refuses a bad limit', async () => {
    expect(await names('client/limiters/', { limit: '1' })).toEqual(['Daily words'])
    for (const path of ['client/limiters/', 'client/task-groups/', 'client/projects/']) {
      for (const limit of ['0', '101', 'all']) {
        const response = await client.get(path, { query: { limit } })
        expect(response.statusCode, `${path} ${limit}`).toBe(400)
        expect(Object.keys(response.json().fields)).toEqual(['limit'])
      }
    }
  })

  it('refuses users without the client permission', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    for (const path of ['client/limiters/', 'client/task-groups/', 'client/projects/']) {
      expect((await worker.get(path)).statusCode).toBe(403)
    }
  })
})
