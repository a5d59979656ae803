import fs from 'node:fs'
import path from 'node:path'
import { createDeflateRaw } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneWav } from '../../demo/media-files'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'
import {
  createDefinitions,
  createdSoFar,
  type Definitions,
  field,
  jsonl,
  requiredFields,
  uploadTask,
  type ZipEntry,
  zipArchive,
} from './test-support'

/** ZIP bombs, archives that lie about their sizes, links and names that leave the archive. */

const MIB = 1024 ** 2
const LIMITS = { entryBytes: 1 * MIB, totalBytes: 3 * MIB, maxEntries: 6 }

let t: MediaTestApp
let client: SignedInClient
let defs: Definitions

beforeAll(async () => {
  t = await createTestAppWithMedia('zip-limits', { zipLimits: LIMITS })
  client = await signIn(t, { roles: ['client'] })
  defs = await createDefinitions(t.db, client.user.id, {
    itemSchema: { prompt: field('text'), recording: field('audio') },
  })
})
afterAll(() => t.close())

/** Deflates `size` zero bytes a chunk at a time: a bomb without holding what it inflates to. */
async function deflatedZeros(size: number) {
  const deflate = createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  const chunk = Buffer.alloc(MIB)
  for (let written = 0; written < size; written += chunk.length) {
    if (!deflate.write(chunk.subarray(0, Math.min(chunk.length, size - written)))) {
      await new Promise((resolve) => deflate.once('drain', resolve))
    }
  }
  deflate.end()
  await done
  return { deflated: Buffer.concat(out), size }
}

const dataNaming = (...recordings: string[]) => ({
  name: 'data.jsonl',
  content: jsonl(recordings.map((recording, index) => ({ prompt: `p${index}`, recording }))),
})

/** Uploads the ZIP, expects it refused with the status and detail, and nothing kept. */
async function expectRefused(entries: ZipEntry[], status: number, detail: string) {
  const before = await createdSoFar(t.db, t.mediaDir)
  const response = await uploadTask(client, requiredFields(defs), {
    name: 'upload.zip',
    content: zipArchive(entries),
  })
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toMatchObject({
    code: status === 413 ? 'payload_too_large' : 'validation_error',
    detail: expect.stringContaining(detail),
    fields: { file: [expect.stringContaining(detail)] },
  })
  expect(await createdSoFar(t.db, t.mediaDir)).toEqual(before)
}

describe('a ZIP that inflates past the limits', () => {
  it('is refused with 413 naming the entry, by its declared size', async () => {
    const bomb = await deflatedZeros(2 * MIB)
    expect(bomb.deflated.length).toBeLessThan(10_000)
    await expectRefused(
      [dataNaming('bomb.wav'), { name: 'bomb.wav', content: bomb }],
      413,
      "The ZIP entry 'bomb.wav' inflates to more than the limit of 1 MiB per file.",
    )
  })

  it('is refused at upload when an entry lies about its size, counting while inflating', async () => {
    const bomb = await deflatedZeros(2 * MIB)
    await expectRefused(
      [dataNaming('bomb.wav'), { name: 'bomb.wav', content: bomb, declaredSize: 100 }],
      413,
      "The ZIP entry 'bomb.wav' inflates to more than the 100 bytes its header declares",
    )
    // The data file is counted the same way.
    await expectRefused(
      [
        {
          name: 'data.jsonl',
          content: jsonl([{ prompt: 'p', recording: 'r.wav' }]),
          declaredSize: 5,
        },
        { name: 'r.wav', content: toneWav([300], 20) },
      ],
      413,
      "The ZIP entry 'data.jsonl' inflates to more than the 5 bytes its header declares",
    )
    const wav = toneWav([300], 20)
    await expectRefused(
      [dataNaming('short.wav'), { name: 'short.wav', content: wav, declaredSize: wav.length + 1 }],
      400,
      "The ZIP entry 'short.wav' holds fewer bytes than its header declares",
    )
  })

  it('is refused with 413 when the entries together pass the upload limit', async () => {
    const part = await deflatedZeros(Math.floor(0.9 * MIB))
    const names = ['a.wav', 'b.wav', 'c.wav', 'd.wav']
    await expectRefused(
      [dataNaming(...names), ...names.map((name) => ({ name, content: part }))],
      413,
      "The files taken from the ZIP inflate to more than the limit of 3 MiB per upload (at the entry 'd.wav').",
    )
    // The same with sizes that lie low: counted while inflating.
    await expectRefused(
      [
        dataNaming(...names),
        ...names.map((name) => ({ name, content: part, declaredSize: part.size })),
      ],
      413,
      'per upload',
    )
  })

  it('is accepted within the limits', async () => {
    const response = await uploadTask(client, requiredFields(defs), {
      name: 'fine.zip',
      content: zipArchive([
        dataNaming('a.wav', 'a.wav'),
        { name: 'a.wav', content: toneWav([300], 20) },
      ]),
    })
    expect(response.statusCode, response.body).toBe(201)
  })
})

describe('a ZIP of more entries than the limit', () => {
  const wav = toneWav([300], 20)

  it('is refused with 413 naming the archive and the limit', async () => {
    const names = ['a.wav', 'b.wav', 'c.wav', 'd.wav', 'e.wav', 'f.wav']
    await expectRefused(
      [dataNaming(...names), ...names.map((name) => ({ name, content: wav }))],
      413,
      "The ZIP archive 'upload.zip' holds 7 entries, more than the limit of 6 entries per archive.",
    )
  })

  it('is refused by the count its end record declares, before any entry is read', async () => {
    // Two entries, but an end record declaring 65,535: reading them would fail on the third.
    const archive = zipArchive([dataNaming('a.wav'), { name: 'a.wav', content: wav }])
    const endRecord = archive.length - 22
    archive.writeUInt16LE(0xffff, endRecord + 8)
    archive.writeUInt16LE(0xffff, endRecord + 10)
    const before = await createdSoFar(t.db, t.mediaDir)
    const response = await uploadTask(client, requiredFields(defs), {
      name: 'forged.zip',
      content: archive,
    })
    expect(response.statusCode, response.body).toBe(413)
    expect(response.json()).toMatchObject({
      code: 'payload_too_large',
      detail:
        "The ZIP archive 'forged.zip' holds 65,535 entries, more than the limit of 6 entries per archive.",
    })
    expect(await createdSoFar(t.db, t.mediaDir)).toEqual(before)
  })
})

describe('ZIP entries that are not plain files inside the archive', () => {
  it('refuses a symbolic link, naming it', async () => {
    await expectRefused(
      [dataNaming('link.wav'), { name: 'link.wav', content: '/etc/passwd', symlink: true }],
      400,
      "The ZIP entry 'link.wav' is a symbolic link",
    )
  })

  it('refuses paths that leave the archive and writes nothing outside the media directory', async () => {
    for (const name of ['../escape.wav', '/abs/escape.wav', 'a/../../escape.wav']) {
      await expectRefused(
        [dataNaming(name), { name, content: toneWav([300], 20) }],
        400,
        `The ZIP entry '${name}' has a path that leaves the archive`,
      )
    }
    expect(fs.existsSync(path.join(t.mediaDir, '..', 'escape.wav'))).toBe(false)
  })
})

describe('with the default limits', () => {
  let defaults: MediaTestApp
  beforeAll(async () => {
    defaults = await createTestAppWithMedia('zip-defaults')
  })
  afterAll(() => defaults.close())

  it('refuses a 1 MiB ZIP whose media entry inflates to 1 GiB, honest or lying', async () => {
    const owner = await signIn(defaults, { roles: ['client'] })
    const own = await createDefinitions(defaults.db, owner.user.id, {
      itemSchema: { prompt: field('text'), recording: field('audio') },
    })
    const bomb = await deflatedZeros(1024 * MIB)
    expect(bomb.deflated.length).toBeLessThan(2 * MIB)
    for (const declaredSize of [undefined, 1000]) {
      const response = await uploadTask(owner, requiredFields(own), {
        name: 'bomb.zip',
        content: zipArchive([
          dataNaming('bomb.wav'),
          { name: 'bomb.wav', content: bomb, declaredSize },
        ]),
      })
      expect(response.statusCode, response.body).toBe(413)
      expect(response.json().detail).toContain("'bomb.wav'")
      expect(await createdSoFar(defaults.db, defaults.mediaDir)).toMatchObject({
        tasks: 0,
        files: 0,
      })
    }
  }, 60_000)
})
