import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import {
  clientOfNewGroup,
  insertLanguage,
  insertProtocol,
  insertSchema,
  insertTask,
  insertTaskType,
  schemaDocument,
} from './test-fixtures'

describe('GET /api/client/task-types/ by schema or protocol', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('matches every version of the chosen schema or protocol', async () => {
    const { client, group } = await clientOfNewGroup(t)
    const languages = {
      base: (await insertLanguage(t.db, 'pl', 'Polish')).id,
      target: (await insertLanguage(t.db, 'en', 'English')).id,
    }
    const schema = await insertSchema(t.db, group.id)
    const protocol = await insertProtocol(t.db, group.id)
    const edited = await insertTaskType(t.db, group.id, {
      schemaId: schema.id,
      protocolId: protocol.id,
    })
    const other = await insertTaskType(t.db, group.id)
    // A task on version 1 makes the edits below new versions, to which the type moves.
    await insertTask(t.db, edited, languages)
    const schemaEdit = await client.patch(`client/task-schemas/${schema.id}/`, {
      schema: schemaDocument('Words heard'),
    })
    expect(schemaEdit.statusCode, schemaEdit.body).toBe(200)
    const protocolEdit = await client.patch(`client/task-protocols/${protocol.id}/`, {
      content: '# Rules\n\nDo it better.\n',
    })
    expect(protocolEdit.statusCode, protocolEdit.body).toBe(200)
    const newer = { schema: schemaEdit.json().id, protocol: protocolEdit.json().id }
    expect(newer.schema).not.toBe(schema.id)
    expect(newer.protocol).not.toBe(protocol.id)

    const ids = async (query: Record<string, string>) => {
      const response = await client.get('client/task-types/', { query })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().results.map((type: { id: number }) => type.id)
    }
    for (const id of [schema.id, newer.schema]) {
      expect(await ids({ schema: String(id) })).toEqual([edited.id])
    }
    for (const id of [protocol.id, newer.protocol]) {
      expect(await ids({ protocol: String(id) })).toEqual([edited.id])
    }
    expect(await ids({ schema: String(other.schemaId) })).toEqual([other.id])
    expect(await ids({ schema: '999999' })).toEqual([])

    const { client: stranger } = await clientOfNewGroup(t)
    expect(
      (await stranger.get('client/task-types/', { query: { schema: String(schema.id) } })).json()
        .count,
    ).toBe(0)
  })
})
