import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PROTOCOL_PDF_BYTES } from '../../../contract/client-definitions'
import { taskProtocols, tasks, taskTypes } from '../../db/schema'
import { createTestAppWithMedia, listFiles, type MediaTestApp } from '../../test/harness'
import { type MultipartFile, multipartBody } from '../../test/multipart'
import { anonymousClient, type SignedInClient, signIn } from '../../test/session-client'
import {
  clientOfNewGroup,
  expectHiddenVersion,
  insertLanguage,
  insertTask,
  insertTaskType,
} from './test-fixtures'

/** A complete one-page PDF. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
)

const pdfPart = (content = PDF): MultipartFile => ({
  name: 'rules.pdf',
  contentType: 'application/pdf',
  content,
})

let t: MediaTestApp
let client: SignedInClient
let group: { id: number; name: string }
let languages: { base: number; target: number }

beforeAll(async () => {
  t = await createTestAppWithMedia('protocols-test')
  ;({ client, group } = await clientOfNewGroup(t))
  languages = {
    base: (await insertLanguage(t.db, 'pl', 'Polish')).id,
    target: (await insertLanguage(t.db, 'en', 'English')).id,
  }
})
afterAll(() => t.close())

/** Every stored file under the media directory. */
const storedFiles = () => listFiles(t.mediaDir)

async function createText(content = '# Rules\n\nListen first.\nDo it well.\n', extra = {}) {
  const response = await client.post('client/task-protocols/', {
    name: 'Guideline',
    client_group: group.id,
    serving_type: 'TXT',
    content,
    ...extra,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function createPdf(name = 'PDF guideline') {
  const { payload, headers } = multipartBody(
    { name, client_group: String(group.id), serving_type: 'PDF', show_changes_days: '7' },
    pdfPart(),
  )
  const response = await client.post('client/task-protocols/', payload, { headers })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

describe('POST /api/client/task-protocols/', () => {
  it('creates a Markdown protocol from JSON', async () => {
    const protocol = await createText()
    expect(protocol).toMatchObject({
      name: 'Guideline',
      version: 1,
      serving_type: 'TXT',
      content: '# Rules\n\nListen first.\nDo it well.\n',
      file: null,
      diff: null,
      show_changes_days: 0,
      author: { id: client.user.id, username: client.user.username },
      client_group: { id: group.id, name: group.name },
      next_version: null,
      task_types: [],
      tasks: [],
    })
  })

  it('creates a PDF protocol from a multipart form and serves the file', async () => {
    const protocol = await createPdf()
    expect(protocol).toMatchObject({
      serving_type: 'PDF',
      content: '',
      show_changes_days: 7,
      file: {
        name: 'rules.pdf',
        creator: { id: client.user.id, username: client.user.username },
      },
    })
    expect(protocol.file.path).toBe(
      `/api/media/protocols/${protocol.id}/?serve=true&file=${protocol.file.uuid}`,
    )
    const visitor = await anonymousClient(t)
    const served = await visitor.get(protocol.file.path)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.rawPayload.equals(PDF)).toBe(true)
  })

  it('refuses a file that is not a PDF and keeps nothing of it', async () => {
    const before = storedFiles().length
    for (const part of [
      { ...pdfPart(), contentType: 'text/plain' },
      pdfPart(Buffer.from('GIF89a not a pdf at all')),
      pdfPart(Buffer.alloc(0)),
    ]) {
      const { payload, headers } = multipartBody(
        { name: 'Fake', client_group: String(group.id), serving_type: 'PDF' },
        part,
      )
      const response = await client.post('client/task-protocols/', payload, { headers })
      expect(response.statusCode).toBe(400)
      expect(Object.keys(response.json().fields)).toEqual(['file'])
    }
    expect(storedFiles()).toHaveLength(before)
  })

  it('refuses a PDF over 50 MB with 413', async () => {
    const before = storedFiles().length
    const big = Buffer.alloc(MAX_PROTOCOL_PDF_BYTES + 1, 0x20)
    PDF.copy(big)
    const { payload, headers } = multipartBody(
      { name: 'Huge', client_group: String(group.id), serving_type: 'PDF' },
      pdfPart(big),
    )
    const response = await client.post('client/task-protocols/', payload, { headers })
    expect(response.statusCode).toBe(413)
    expect(response.json().code).toBe('payload_too_large')
    expect(storedFiles()).toHaveLength(before)
  })

  it('names the field of every validation failure', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ serving_type: 'TXT', content: '   ' }, 'content'],
      [{ serving_type: 'PDF' }, 'file'],
      [{ serving_type: 'DOCX', content: 'x' }, 'serving_type'],
      [{ serving_type: 'TXT', content: 'x', show_changes_days: 366 }, 'show_changes_days'],
      [{ serving_type: 'TXT', content: 'x', name: '' }, 'name'],
    ]
    for (const [fields, field] of cases) {
      const response = await client.post('client/task-protocols/', {
        name: 'Invalid',
        client_group: group.id,
        ...fields,
      })
      expect(response.statusCode, field).toBe(400)
      expect(Object.keys(response.json().fields), field).toEqual([field])
    }
    const { payload, headers } = multipartBody(
      { name: 'Text with file', client_group: String(group.id), serving_type: 'TXT', content: 'x' },
      pdfPart(),
    )
    const withFile = await client.post('client/task-protocols/', payload, { headers })
    expect(withFile.json().fields).toEqual({ file: ['Only a PDF protocol takes a file.'] })
  })

  it('checks permissions and scope', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.get('client/task-protocols/')).statusCode).toBe(403)
    expect(
      (
        await worker.post('client/task-protocols/', {
          name: 'x',
          client_group: group.id,
          content: 'x',
        })
      ).statusCode,
    ).toBe(403)

    const mine = await createText('Mine\n')
    const { client: stranger } = await clientOfNewGroup(t)
    const strangerList = (await stranger.get('client/task-protocols/')).json()
    expect(strangerList).toMatchObject({ count: 0, results: [] })
    await expectHiddenVersion(stranger, 'client/task-protocols/', mine.id, { content: 'Theirs' })
    const staff = await signIn(t, { roles: ['staff'] })
    expect((await staff.get(`client/task-protocols/${mine.id}/`)).json().content).toBe('Mine\n')
  })
})

describe('protocol versions', () => {
  it('edits an unused protocol in place', async () => {
    const protocol = await createText('One\n')
    const edited = await client.patch(`client/task-protocols/${protocol.id}/`, {
      content: 'Two\n',
      show_changes_days: 3,
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({
      id: protocol.id,
      version: 1,
      content: 'Two\n',
      diff: null,
    })
  })

  it('makes the next version with a diff when a task uses it', async () => {
    const v1 = await createText('# Rules\n\nListen first.\nDo it well.\n', {
      show_changes_days: 14,
    })
    const taskType = await insertTaskType(t.db, group.id, { protocolId: v1.id })
    const task = await insertTask(t.db, taskType, languages)

    const response = await client.patch(`client/task-protocols/${v1.id}/`, {
      content: '# Rules\n\nListen first.\nDo it better.\nAsk when unsure.\n',
    })
    expect(response.statusCode).toBe(200)
    const v2 = response.json()
    expect(v2).toMatchObject({ version: 2, show_changes_days: 14, next_version: null })
    expect(v2.diff).toBe(
      [
        '--- version 1',
        '+++ version 2',
        '@@ -1,4 +1,5 @@',
        ' # Rules',
        ' ',
        ' Listen first.',
        '-Do it well.',
        '+Do it better.',
        '+Ask when unsure.',
      ].join('\n'),
    )
    expect(v2.task_types).toEqual([{ id: taskType.id, name: taskType.name }])

    const [oldRow] = await t.db.select().from(taskProtocols).where(eq(taskProtocols.id, v1.id))
    expect(oldRow).toMatchObject({
      content: '# Rules\n\nListen first.\nDo it well.\n',
      nextVersionId: v2.id,
    })
    const [taskRow] = await t.db.select().from(tasks).where(eq(tasks.id, task.id))
    expect(taskRow?.protocolId).toBe(v1.id)
    const [typeRow] = await t.db.select().from(taskTypes).where(eq(taskTypes.id, taskType.id))
    expect(typeRow?.protocolId).toBe(v2.id)

    const previous = await client.get(`client/task-protocols/${v2.id}/previous-versions/`)
    expect(previous.json().map((protocol: { id: number }) => protocol.id)).toEqual([v1.id])

    // Editing the unused v2 in place recomputes its diff against v1.
    const again = await client.patch(`client/task-protocols/${v2.id}/`, {
      content: '# Rules\n\nListen first.\nDo it well.\nAsk when unsure.\n',
    })
    expect(again.json()).toMatchObject({ id: v2.id, version: 2 })
    expect(again.json().diff).toBe(
      [
        '--- version 1',
        '+++ version 2',
        '@@ -2,3 +2,4 @@',
        ' ',
        ' Listen first.',
        ' Do it well.',
        '+Ask when unsure.',
      ].join('\n'),
    )
  })

  it('replaces the PDF of a used protocol in a new version and keeps the old file', async () => {
    const v1 = await createPdf('Versioned PDF')
    const taskType = await insertTaskType(t.db, group.id, { protocolId: v1.id })
    await insertTask(t.db, taskType, languages)
    const secondPdf = Buffer.concat([PDF, Buffer.from('% second edition\n')])
    const { payload, headers } = multipartBody({}, pdfPart(secondPdf))
    const response = await client.patch(`client/task-protocols/${v1.id}/`, payload, { headers })
    expect(response.statusCode, response.body).toBe(200)
    const v2 = response.json()
    expect(v2).toMatchObject({ version: 2, serving_type: 'PDF', diff: null })
    expect(v2.file.uuid).not.toBe(v1.file.uuid)

    const visitor = await anonymousClient(t)
    const oldFile = await visitor.get(`/api/media/protocols/${v1.id}/`, {
      query: { serve: 'true' },
    })
    expect(oldFile.rawPayload.equals(PDF)).toBe(true)
    const newFile = await visitor.get(v2.file.path)
    expect(newFile.rawPayload.equals(secondPdf)).toBe(true)
  })

  it('turns an unused PDF protocol into text and deletes the file nobody uses', async () => {
    const protocol = await createPdf('Soon text')
    const before = storedFiles().length
    const response = await client.patch(`client/task-protocols/${protocol.id}/`, {
      serving_type: 'TXT',
      content: 'Now in Markdown.',
    })
    expect(response.json()).toMatchObject({ id: protocol.id, serving_type: 'TXT', file: null })
    expect(storedFiles()).toHaveLength(before - 1)
    const needsContent = await client.patch(`client/task-protocols/${protocol.id}/`, {
      serving_type: 'PDF',
    })
    expect(needsContent.json().fields).toEqual({ file: ['A PDF protocol needs its PDF file.'] })
  })

  it('deletes an unused protocol with its file, and refuses a used one', async () => {
    const protocol = await createPdf('Disposable PDF')
    const before = storedFiles().length
    expect((await client.delete(`client/task-protocols/${protocol.id}/`)).statusCode).toBe(204)
    expect(storedFiles()).toHaveLength(before - 1)

    const used = await createText('Used\n')
    await insertTaskType(t.db, group.id, { protocolId: used.id })
    const refused = await client.delete(`client/task-protocols/${used.id}/`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toMatch(/used by 1 task type\(s\) and 0 task\(s\)/)
  })
})

describe('GET /api/media/protocols/{id}', () => {
  it('shows a protocol to anyone, offering its diff for show_changes_days', async () => {
    const v1 = await createText('Old rule\n', { show_changes_days: 5 })
    const taskType = await insertTaskType(t.db, group.id, { protocolId: v1.id })
    await insertTask(t.db, taskType, languages)
    const v2 = (
      await client.patch(`client/task-protocols/${v1.id}/`, { content: 'New rule\n' })
    ).json()

    const visitor = await anonymousClient(t)
    for (const url of [`/api/media/protocols/${v2.id}`, `/api/media/protocols/${v2.id}/`]) {
      const view = await visitor.get(url)
      expect(view.statusCode).toBe(200)
      expect(view.json()).toEqual({
        id: v2.id,
        name: 'Guideline',
        version: 2,
        serving_type: 'TXT',
        content: 'New rule\n',
        diff: '--- version 1\n+++ version 2\n@@ -1 +1 @@\n-Old rule\n+New rule',
        show_changes: true,
        created_timestamp: v2.created_timestamp,
      })
    }
    // A version without a diff, and a diff past its days, are not offered.
    expect((await visitor.get(`/api/media/protocols/${v1.id}`)).json().show_changes).toBe(false)
    await t.db
      .update(taskProtocols)
      .set({ createdAt: new Date(Date.now() - 6 * 24 * 60 * 60 * 1000) })
      .where(eq(taskProtocols.id, v2.id))
    expect((await visitor.get(`/api/media/protocols/${v2.id}`)).json().show_changes).toBe(false)
  })

  it('answers 404 for unknown ids and for the file of a text protocol', async () => {
    const visitor = await anonymousClient(t)
    expect((await visitor.get('/api/media/protocols/987654')).statusCode).toBe(404)
    const text = await createText('Text only\n')
    const served = await visitor.get(`/api/media/protocols/${text.id}/`, {
      query: { serve: 'true' },
    })
    expect(served.statusCode).toBe(404)
  })
})
