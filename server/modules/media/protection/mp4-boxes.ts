/** One ISO base media file box: its four-character type and where its header and body lie. */
export type Box = { type: string; start: number; bodyStart: number; end: number }

/**
 * The boxes lying one after another in `data` from `start` to `end` (a file's top level or a
 * container's body). Throws on a box that does not fit, so a damaged file is never half-read.
 */
export function* boxesIn(data: Buffer, start = 0, end = data.length): Generator<Box> {
  let offset = start
  while (offset < end) {
    if (end - offset < 8) throw new Error(`a truncated box header at byte ${offset}`)
    let size = data.readUInt32BE(offset)
    const type = data.toString('latin1', offset + 4, offset + 8)
    let bodyStart = offset + 8
    if (size === 1) {
      if (end - offset < 16) throw new Error(`a truncated ${type} box header at byte ${offset}`)
      size = Number(data.readBigUInt64BE(offset + 8))
      bodyStart = offset + 16
    } else if (size === 0) {
      size = end - offset
    }
    if (size < bodyStart - offset || offset + size > end) {
      throw new Error(`the ${type} box at byte ${offset} does not fit in its container`)
    }
    yield { type, start: offset, bodyStart, end: offset + size }
    offset += size
  }
}

/** The first child of `parent` with the given type, or undefined. */
export function childBox(data: Buffer, parent: Box, type: string, skip = 0): Box | undefined {
  for (const box of boxesIn(data, parent.bodyStart + skip, parent.end)) {
    if (box.type === type) return box
  }
  return undefined
}

/** Follows a path of container boxes (`['trak', 'mdia', ...]`) down from `parent`. */
export function boxAt(data: Buffer, parent: Box, path: readonly string[]): Box | undefined {
  let box: Box | undefined = parent
  for (const type of path) {
    box = box && childBox(data, box, type)
  }
  return box
}

/** Reads the size field of an MPEG-4 descriptor (1 to 4 bytes of 7 bits each). */
function descriptorAt(
  data: Buffer,
  offset: number,
): { tag: number; bodyStart: number; end: number } {
  const tag = data[offset]!
  let size = 0
  let position = offset + 1
  for (let i = 0; i < 4; i++) {
    const byte = data[position++]!
    size = (size << 7) | (byte & 0x7f)
    if (!(byte & 0x80)) break
  }
  return { tag, bodyStart: position, end: position + size }
}

const AAC_SAMPLE_RATES = [
  96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000,
  7_350,
]

/** What an AAC stream's decoder configuration says. */
export type AacConfig = {
  /** The RFC 6381 codecs string: `mp4a.40.2` for AAC-LC. */
  codecs: string
  sampleRate: number
  /** 0 when the channels are given by a program config element instead. */
  channels: number
}

/** Reads big-endian bit fields, as MPEG-4's AudioSpecificConfig is written. */
function bitReader(data: Buffer, offset: number) {
  let bit = offset * 8
  return (count: number) => {
    let value = 0
    for (let i = 0; i < count; i++, bit++) {
      value = value * 2 + ((data[bit >> 3]! >> (7 - (bit & 7))) & 1)
    }
    return value
  }
}

/**
 * An `esds` box's AAC decoder configuration: object type 0x40 (MPEG-4 audio), then the
 * AudioSpecificConfig's audio object type, sampling frequency and channel configuration.
 */
export function aacConfigOf(data: Buffer, esds: Box): AacConfig {
  const es = descriptorAt(data, esds.bodyStart + 4)
  if (es.tag !== 0x03) throw new Error('the esds box holds no ES descriptor')
  const flags = data[es.bodyStart + 2]!
  let offset = es.bodyStart + 3
  if (flags & 0x80) offset += 2
  if (flags & 0x40) offset += 1 + data[offset]!
  if (flags & 0x20) offset += 2
  const config = descriptorAt(data, offset)
  if (config.tag !== 0x04) throw new Error('the ES descriptor holds no decoder configuration')
  const objectType = data[config.bodyStart]!
  if (objectType !== 0x40) throw new Error(`the audio is not AAC (object type ${objectType})`)
  const specific = descriptorAt(data, config.bodyStart + 13)
  if (specific.tag !== 0x05) throw new Error('the decoder configuration holds no AAC configuration')
  const read = bitReader(data, specific.bodyStart)
  let audioObjectType = read(5)
  if (audioObjectType === 31) audioObjectType = 32 + read(6)
  const frequencyIndex = read(4)
  const sampleRate = frequencyIndex === 15 ? read(24) : AAC_SAMPLE_RATES[frequencyIndex]
  if (!sampleRate) throw new Error(`the AAC configuration has a reserved sampling frequency`)
  return { codecs: `mp4a.40.${audioObjectType}`, sampleRate, channels: read(4) }
}
