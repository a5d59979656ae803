import { crc32, deflateSync } from 'node:zlib'

const WAV_HEADER_BYTES = 44
const FADE_MS = 10

/**
 * A 16-bit mono PCM WAV playing the given tones one after another, each faded in and out so the
 * joins do not click.
 */
export function toneWav(
  frequencies: readonly number[],
  toneMs: number,
  sampleRate = 16_000,
): Buffer {
  const samplesPerTone = Math.round((sampleRate * toneMs) / 1000)
  const fadeSamples = Math.round((sampleRate * FADE_MS) / 1000)
  const dataBytes = frequencies.length * samplesPerTone * 2
  const wav = Buffer.alloc(WAV_HEADER_BYTES + dataBytes)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(WAV_HEADER_BYTES - 8 + dataBytes, 4)
  wav.write('WAVE', 8, 'ascii')
  wav.write('fmt ', 12, 'ascii')
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20) // PCM
  wav.writeUInt16LE(1, 22) // mono
  wav.writeUInt32LE(sampleRate, 24)
  wav.writeUInt32LE(sampleRate * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(dataBytes, 40)
  let offset = WAV_HEADER_BYTES
  for (const frequency of frequencies) {
    for (let i = 0; i < samplesPerTone; i++) {
      const envelope = Math.min(1, i / fadeSamples, (samplesPerTone - 1 - i) / fadeSamples)
      const sample = 0.4 * envelope * Math.sin((2 * Math.PI * frequency * i) / sampleRate)
      wav.writeInt16LE(Math.round(sample * 32_767), offset)
      offset += 2
    }
  }
  return wav
}

export type Rgb = readonly [number, number, number]

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const chunk = Buffer.alloc(8 + data.length + 4)
  chunk.writeUInt32BE(data.length, 0)
  typeAndData.copy(chunk, 4)
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length)
  return chunk
}

/**
 * An 8-bit RGB PNG: a disc of `foreground` on a vertical gradient from `background` to white. A
 * number makes a square picture.
 */
export function discPng(
  size: number | { width: number; height: number },
  background: Rgb,
  foreground: Rgb,
): Buffer {
  const { width, height } = typeof size === 'number' ? { width: size, height: size } : size
  const rowBytes = 1 + width * 3
  const pixels = Buffer.alloc(rowBytes * height)
  const centre = { x: (width - 1) / 2, y: (height - 1) / 2 }
  const radius = Math.min(width, height) * 0.3
  for (let y = 0; y < height; y++) {
    pixels[y * rowBytes] = 0 // filter type None
    const shade = y / (height - 1)
    const backgroundRow = background.map((c) => Math.round(c + (255 - c) * shade))
    for (let x = 0; x < width; x++) {
      const inDisc = (x - centre.x) ** 2 + (y - centre.y) ** 2 <= radius ** 2
      pixels.set(inDisc ? foreground : backgroundRow, y * rowBytes + 1 + x * 3)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
