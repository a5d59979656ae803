import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneWav } from '../../../demo/media-files'
import { HttpError } from '../../../http/errors'
import { createContentKey } from './content-key'
import { encryptAudio } from './encrypt'
import { boxAt, boxesIn, childBox } from './mp4-boxes'
import { readProtectedAudio } from './protected-file'
import { checkProtectionTools } from './tools'

const run = promisify(execFile)
const tools = checkProtectionTools()
if (!tools.available) throw new Error(`the protection tools are missing: ${tools.reason}`)
const { ffmpeg } = tools.tools

const SAMPLE_RATE = 16_000
const SOURCE_SECONDS = 2.1
/** ffmpeg's AAC encoder starts with this many samples of priming, which the edit list skips. */
const AAC_PRIMING_SAMPLES = 1024
const source = toneWav([440, 660, 880], (SOURCE_SECONDS / 3) * 1000, SAMPLE_RATE)

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'protection-test-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const sourceWav = path.join(dir, 'source.wav')

/** The uploads an annotation task receives, made from the same tones, with their magic bytes. */
const INPUTS = [
  { name: 'source.wav', magic: 'RIFF', codec: null },
  { name: 'source.mp3', magic: 'ID3', codec: 'libmp3lame' },
  { name: 'source.ogg', magic: 'OggS', codec: 'libopus' },
  { name: 'source.oga', magic: 'OggS', codec: 'libvorbis' },
  { name: 'source.flac', magic: 'fLaC', codec: 'flac' },
  { name: 'source.m4a', magic: '\0\0\0', codec: 'aac' },
] as const

beforeAll(async () => {
  fs.writeFileSync(sourceWav, source)
  for (const { name, codec } of INPUTS) {
    if (!codec) continue
    const format = name.endsWith('.oga') ? ['-f', 'ogg'] : []
    await run(ffmpeg, [
      '-v',
      'error',
      '-i',
      sourceWav,
      '-c:a',
      codec,
      ...format,
      path.join(dir, name),
    ])
  }
})

/** Sample counts of every fragment's run (`trun`) and of its encryption entries (`senc`). */
function fragmentSampleCounts(file: Buffer) {
  const fragments: { samples: number; encrypted: number }[] = []
  for (const moof of boxesIn(file)) {
    if (moof.type !== 'moof') continue
    const traf = childBox(file, moof, 'traf')!
    const trun = childBox(file, traf, 'trun')!
    const senc = childBox(file, traf, 'senc')
    fragments.push({
      samples: file.readUInt32BE(trun.bodyStart + 4),
      encrypted: senc ? file.readUInt32BE(senc.bodyStart + 4) : 0,
    })
  }
  return fragments
}

function sampleEntryType(file: Buffer): string {
  const moov = [...boxesIn(file)].find((box) => box.type === 'moov')!
  const stsd = boxAt(file, moov, ['trak', 'mdia', 'minf', 'stbl', 'stsd'])!
  const [entry] = boxesIn(file, stsd.bodyStart + 8, stsd.end)
  return entry!.type
}

async function decodeToPcm(file: string, decryptionKey?: Buffer): Promise<Int16Array> {
  const key = decryptionKey ? ['-decryption_key', decryptionKey.toString('hex')] : []
  const { stdout } = await run(
    ffmpeg,
    ['-v', 'error', ...key, '-i', file, '-f', 's16le', '-ac', '1', '-ar', String(SAMPLE_RATE), '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  )
  return new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length / 2)
}

/** The normalised correlation of `original` with `decoded` shifted by `lag` samples. */
function correlation(original: Int16Array, decoded: Int16Array, lag: number): number {
  let product = 0
  let originalEnergy = 0
  let decodedEnergy = 0
  for (let i = 0; i < original.length && i + lag < decoded.length; i++) {
    product += original[i]! * decoded[i + lag]!
    originalEnergy += original[i]! ** 2
    decodedEnergy += decoded[i + lag]! ** 2
  }
  return product / Math.sqrt(originalEnergy * decodedEnergy)
}

describe('encryptAudio', () => {
  it.each(INPUTS)(
    'stores $name as AAC under Common Encryption, every sample encrypted',
    async ({ name, magic }) => {
      const input = path.join(dir, name)
      expect(fs.readFileSync(input).toString('latin1', 0, magic.length)).toBe(magic)
      const output = path.join(dir, `${name}.protected.mp4`)
      const contentKey = createContentKey()

      const layout = await encryptAudio(input, output, contentKey)

      const stored = fs.readFileSync(output)
      const head = stored.toString('latin1', 0, 8)
      for (const plainHeader of ['RIFF', 'ID3', 'OggS', 'fLaC'])
        expect(head).not.toContain(plainHeader)
      expect(head.slice(4)).toBe('ftyp')
      expect(sampleEntryType(stored)).toBe('enca')
      expect(layout).toMatchObject({ scheme: 'cenc', codecs: 'mp4a.40.2', channels: 1 })
      expect(layout.keyId.equals(contentKey.keyId)).toBe(true)
      expect((await readProtectedAudio(output)).keyId.equals(contentKey.keyId)).toBe(true)
      expect(layout.durationSeconds).toBeCloseTo(SOURCE_SECONDS, 1)
      expect(layout.sizeBytes).toBe(stored.length)
      const fragments = fragmentSampleCounts(stored)
      expect(fragments.length).toBeGreaterThan(0)
      for (const fragment of fragments) expect(fragment.encrypted).toBe(fragment.samples)
      expect(fs.readdirSync(dir).filter((file) => file.endsWith('.part'))).toEqual([])
    },
  )

  it('decrypts with its key to the original audio, and to nothing without it', async () => {
    const output = path.join(dir, 'round-trip.mp4')
    const contentKey = createContentKey()
    await encryptAudio(sourceWav, output, contentKey)
    const original = new Int16Array(source.buffer, source.byteOffset + 44, (source.length - 44) / 2)

    const decrypted = await decodeToPcm(output, contentKey.key)
    expect(correlation(original, decrypted, AAC_PRIMING_SAMPLES)).toBeGreaterThan(0.99)

    await expect(decodeToPcm(output)).rejects.toThrow(/Invalid data|not allocated|Reserved bit/)
    const wrongKey = await decodeToPcm(output, createContentKey().key).catch(() => null)
    if (wrongKey) expect(correlation(original, wrongKey, AAC_PRIMING_SAMPLES)).toBeLessThan(0.2)
  })

  it('refuses a file without audio with a 400 naming the reason, leaving nothing behind', async () => {
    const input = path.join(dir, 'notes.txt')
    fs.writeFileSync(input, 'these are not sounds\n'.repeat(100))
    const output = path.join(dir, 'notes.protected.mp4')
    const contentKey = createContentKey()

    const refused = await encryptAudio(input, output, contentKey).catch((error: unknown) => error)

    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ statusCode: 400, code: 'validation_error' })
    const message = (refused as HttpError).message
    expect(message).toMatch(/^The file holds no audio that can be read: /)
    expect(message).not.toContain(dir)
    expect(message).not.toContain(contentKey.key.toString('hex'))
    expect(fs.existsSync(output)).toBe(false)
    expect(fs.existsSync(`${output}.part`)).toBe(false)
  })

  it('stops ffmpeg and blames the packager when the packager fails', async () => {
    const output = path.join(dir, 'packager-fails.mp4')
    const contentKey = createContentKey()
    // A packager that exits at once: ffmpeg would wait for a reader of the pipe for ever.
    const failingPackager = { available: true as const, tools: { ffmpeg, packager: '/bin/false' } }

    const failed = await encryptAudio(sourceWav, output, contentKey, { tools: failingPackager })
      .then(() => null)
      .catch((error: unknown) => error)

    expect(failed).not.toBeInstanceOf(HttpError)
    expect(String(failed)).toBe('Error: Shaka Packager failed (1): no output')
    expect(fs.existsSync(output)).toBe(false)
  })

  it('answers 503 with the reason when this server has no tools for it', async () => {
    const reason = 'protected audio is not supported on win32-x64'
    await expect(
      encryptAudio(sourceWav, path.join(dir, 'x.mp4'), createContentKey(), {
        tools: { available: false, reason },
      }),
    ).rejects.toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
      message: `Protected audio cannot be made on this server: ${reason}.`,
    })
  })
})

describe('readProtectedAudio', () => {
  it('refuses files that are not protected audio', async () => {
    await expect(readProtectedAudio(sourceWav)).rejects.toThrow(
      'not an MP4 file (no ftyp box first)',
    )
    const plainFragmented = path.join(dir, 'plain-fragmented.mp4')
    await run(ffmpeg, [
      ...['-v', 'error', '-i', sourceWav, '-c:a', 'aac', '-f', 'mp4'],
      ...['-movflags', '+frag_keyframe+empty_moov+global_sidx', plainFragmented],
    ])
    await expect(readProtectedAudio(plainFragmented)).rejects.toThrow(
      'the audio sample entry is not encrypted (no enca)',
    )
  })
})
