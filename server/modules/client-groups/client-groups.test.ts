import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientGroupMembers, clientGroups } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { signIn } from '../../test/session-client'

describe('GET /api/client/client-groups/', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('lists only the groups a client belongs to, and every group for staff', async () => {
    const [acme, globex] = await t.db
      .insert(clientGroups)
      .values([
        { name: 'acme', fullName: 'Acme Corporation' },
        { name: 'globex', fullName: 'Globex' },
      ])
      .returning()
    if (!acme || !globex) throw new Error('seed failed')
    const client = await signIn(t, { roles: ['client'] })
    await t.db.insert(clientGroupMembers).values({ groupId: acme.id, userId: client.user.id })

    const own = await client.get('client/client-groups/')
    expect(own.statusCode).toBe(200)
    expect(own.json()).toEqual([{ id: acme.id, name: 'acme', full_name: 'Acme Corporation' }])

    const staff = await signIn(t, { roles: ['staff'] })
    const all = await staff.get('client/client-groups/')
    expect(all.json().map((group: { name: string }) => group.name)).toEqual(['acme', 'globex'])
  })

  it('refuses users without the client permission', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    const response = await worker.get('client/client-groups/')
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('permission_denied')
  })
})
