import fs from 'node:fs'
import { aacConfigOf, type Box, boxAt, boxesIn, childBox } from './mp4-boxes'

/** A byte range of the file, both ends included (as in HTTP Range and DASH `range`). */
export type ByteRange = { start: number; end: number }

/** What a player needs to know about a protected audio file, read from the file itself. */
export type ProtectedAudio = {
  /** The Common Encryption scheme (`cenc`: AES-CTR over whole AAC frames). */
  scheme: string
  keyId: Buffer
  /** RFC 6381 codecs string, e.g. `mp4a.40.2`. */
  codecs: string
  sampleRate: number
  channels: number
  durationSeconds: number
  sizeBytes: number
  /** `ftyp` and `moov`: what a player appends before any media. */
  initRange: ByteRange
  /** The `sidx` box: where each fragment lies and how long it plays. */
  indexRange: ByteRange
}

/** The header boxes come first and are small; this bounds what a damaged file can make us read. */
const MAX_HEADER_BOX_BYTES = 4 * 1024 * 1024
const HEADER_BOXES = new Set(['ftyp', 'moov', 'sidx'])

/** Reads bytes of a file at offsets: a file on disk, or an object of the media store. */
export type ByteSource = {
  size: number
  /** `length` bytes from `offset` (never past the end). */
  read: (offset: number, length: number) => Promise<Buffer>
}

async function readTopLevelHeaderBoxes({ size, read }: ByteSource) {
  const found = new Map<string, { data: Buffer; range: ByteRange }>()
  let offset = 0
  while (offset + 8 <= size && !found.has('sidx')) {
    const head = Buffer.alloc(16)
    ;(await read(offset, Math.min(16, size - offset))).copy(head)
    let boxSize = head.readUInt32BE(0)
    const type = head.toString('latin1', 4, 8)
    if (offset === 0 && type !== 'ftyp') throw new Error('not an MP4 file (no ftyp box first)')
    if (boxSize === 1) boxSize = Number(head.readBigUInt64BE(8))
    if (boxSize === 0) boxSize = size - offset
    if (boxSize < 8 || offset + boxSize > size) {
      throw new Error(`the ${type} box at byte ${offset} does not fit in the file`)
    }
    if (type === 'moof' || type === 'mdat') break
    if (HEADER_BOXES.has(type)) {
      if (boxSize > MAX_HEADER_BOX_BYTES) throw new Error(`the ${type} box is too large`)
      const data = await read(offset, boxSize)
      found.set(type, { data, range: { start: offset, end: offset + boxSize - 1 } })
    }
    offset += boxSize
  }
  return { found, size }
}

function only(data: Buffer): Box {
  const [box] = boxesIn(data)
  return box!
}

/**
 * The presentation time the fragment index covers: the packager leaves out the AAC encoder's
 * priming samples, which the edit list (`elst`) tells the browser to skip.
 */
function sidxDurationSeconds(data: Buffer): number {
  const sidx = only(data)
  const version = data[sidx.bodyStart]!
  const timescale = data.readUInt32BE(sidx.bodyStart + 8)
  const referencesAt = sidx.bodyStart + (version === 0 ? 20 : 28)
  const count = data.readUInt16BE(referencesAt + 2)
  let duration = 0
  for (let i = 0; i < count; i++) duration += data.readUInt32BE(referencesAt + 4 + i * 12 + 4)
  return duration / timescale
}

/**
 * Reads a protected audio file's layout: its encrypted AAC sample entry (`enca` with `sinf`,
 * `schm` and `tenc`), the key id it was encrypted with, and the byte ranges of its header and
 * fragment index. Throws when the file is not protected audio as `encryptAudio` makes it.
 */
export async function readProtectedAudio(filePath: string): Promise<ProtectedAudio> {
  const file = await fs.promises.open(filePath, 'r')
  try {
    const { size } = await file.stat()
    return await readProtectedAudioFrom({
      size,
      read: async (offset, length) => {
        const data = Buffer.alloc(length)
        await file.read(data, 0, length, offset)
        return data
      },
    })
  } finally {
    await file.close()
  }
}

/** The layout of a protected audio file, read from its header boxes only. */
export async function readProtectedAudioFrom(source: ByteSource): Promise<ProtectedAudio> {
  const { found, size } = await readTopLevelHeaderBoxes(source)
  const ftyp = found.get('ftyp')
  const moov = found.get('moov')
  const sidx = found.get('sidx')
  if (!ftyp || !moov || !sidx) {
    throw new Error('not a fragmented MP4 with ftyp, moov and sidx at its start')
  }
  const data = moov.data
  const trak = childBox(data, only(data), 'trak')
  const stsd = trak && boxAt(data, trak, ['mdia', 'minf', 'stbl', 'stsd'])
  if (!trak || !stsd) throw new Error('the MP4 has no audio track with a sample description')
  // stsd: version and flags, entry count, then the sample entries.
  const enca = childBox(data, stsd, 'enca', 8)
  if (!enca) throw new Error('the audio sample entry is not encrypted (no enca)')
  // An audio sample entry's fields take 28 bytes before its child boxes.
  const entryChildren: Box = { ...enca, bodyStart: enca.bodyStart + 28 }
  const frma = boxAt(data, entryChildren, ['sinf', 'frma'])
  const schm = boxAt(data, entryChildren, ['sinf', 'schm'])
  const tenc = boxAt(data, entryChildren, ['sinf', 'schi', 'tenc'])
  const esds = childBox(data, entryChildren, 'esds')
  if (!frma || !schm || !tenc || !esds) {
    throw new Error('the encrypted sample entry lacks frma, schm, tenc or esds')
  }
  const originalFormat = data.toString('latin1', frma.bodyStart, frma.bodyStart + 4)
  if (originalFormat !== 'mp4a')
    throw new Error(`the encrypted audio is ${originalFormat}, not AAC`)
  // tenc (version 0): version and flags, two reserved bytes, isProtected, IV size, key id.
  if (data[tenc.bodyStart + 6] !== 1) throw new Error('the track is marked as not protected')
  const aac = aacConfigOf(data, esds)
  return {
    scheme: data.toString('latin1', schm.bodyStart + 4, schm.bodyStart + 8),
    keyId: Buffer.from(data.subarray(tenc.bodyStart + 8, tenc.bodyStart + 24)),
    codecs: aac.codecs,
    sampleRate: aac.sampleRate,
    channels: aac.channels || data.readUInt16BE(enca.bodyStart + 16),
    durationSeconds: sidxDurationSeconds(sidx.data),
    sizeBytes: size,
    initRange: { start: ftyp.range.start, end: moov.range.end },
    indexRange: sidx.range,
  }
}
