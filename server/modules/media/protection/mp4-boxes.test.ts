import { describe, expect, it } from 'vitest'
import { aacConfigOf, boxAt, boxesIn } from './mp4-boxes'

function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children)
  const header = Buffer.alloc(8)
  header.writeUInt32BE(8 + body.length)
  header.write(type, 4, 'latin1')
  return Buffer.concat([header, body])
}

/** An `esds` box whose decoder configuration has the given object type and AAC config bytes. */
function esds(objectType: number, audioSpecificConfig: number[]): Buffer {
  const descriptor = (tag: number, body: Buffer) => Buffer.from([tag, body.length, ...body])
  const specific = descriptor(0x05, Buffer.from(audioSpecificConfig))
  const config = descriptor(
    0x04,
    Buffer.concat([Buffer.from([objectType, 0x15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), specific]),
  )
  const es = descriptor(0x03, Buffer.concat([Buffer.from([0, 1, 0]), config]))
  return box('esds', Buffer.alloc(4), es)
}

describe('MP4 boxes', () => {
  it('walks boxes and follows container paths', () => {
    const file = Buffer.concat([
      box('ftyp', Buffer.from('iso6')),
      box('moov', box('trak', box('mdia', box('mdhd', Buffer.alloc(4))))),
    ])
    expect([...boxesIn(file)].map((found) => found.type)).toEqual(['ftyp', 'moov'])
    const moov = [...boxesIn(file)][1]!
    expect(boxAt(file, moov, ['trak', 'mdia', 'mdhd'])).toMatchObject({ start: 36, end: 48 })
    expect(boxAt(file, moov, ['trak', 'minf'])).toBeUndefined()
  })

  it('reads 64-bit sizes and a last box running to the end', () => {
    const large = Buffer.alloc(20)
    large.writeUInt32BE(1)
    large.write('mdat', 4, 'latin1')
    large.writeBigUInt64BE(20n, 8)
    const open = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('free'), Buffer.alloc(3)])
    expect([...boxesIn(Buffer.concat([large, open]))]).toEqual([
      { type: 'mdat', start: 0, bodyStart: 16, end: 20 },
      { type: 'free', start: 20, bodyStart: 28, end: 31 },
    ])
  })

  it('refuses a box that does not fit rather than reading past it', () => {
    const truncated = box('moov', Buffer.alloc(10)).subarray(0, 12)
    expect(() => [...boxesIn(truncated)]).toThrow('the moov box at byte 0 does not fit')
    expect(() => [...boxesIn(Buffer.from([0, 0, 0]))]).toThrow('a truncated box header')
  })

  it('reads the AAC configuration: object type, sampling frequency and channels', () => {
    // AAC-LC (2), 44.1 kHz (index 4), stereo: 00010 0100 0010 000
    const lc = esds(0x40, [0x12, 0x10])
    expect(aacConfigOf(lc, [...boxesIn(lc)][0]!)).toEqual({
      codecs: 'mp4a.40.2',
      sampleRate: 44_100,
      channels: 2,
    })
    // HE-AAC (5), 24 kHz (index 6), mono: 00101 0110 0001 000
    const he = esds(0x40, [0x2b, 0x08])
    expect(aacConfigOf(he, [...boxesIn(he)][0]!)).toMatchObject({
      codecs: 'mp4a.40.5',
      sampleRate: 24_000,
      channels: 1,
    })
  })

  it('refuses audio that is not MPEG-4 AAC', () => {
    const mp3 = esds(0x6b, [0x12, 0x10])
    expect(() => aacConfigOf(mp3, [...boxesIn(mp3)][0]!)).toThrow('not AAC (object type 107)')
  })
})
