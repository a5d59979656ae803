/**
 * Draws the app icons (a white check on a blue rounded square) into public/icons/.
 *
 *   npx tsx scripts/generate-icons.ts
 *
 * Shapes are drawn from signed distance functions, so edges are anti-aliased at any size without
 * a graphics library; PNG encoding uses node:zlib only. The PNGs are committed: run this again
 * only when the design changes.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

type Rgb = readonly [number, number, number]
type Point = readonly [number, number]

const BRAND: Rgb = [0x1c, 0x7e, 0xd6]
const WHITE: Rgb = [0xff, 0xff, 0xff]
/** Shapes are designed on a 512-unit canvas and scaled to each icon size. */
const DESIGN = 512
const CHECK: readonly Point[] = [
  [148, 262],
  [224, 338],
  [364, 178],
]
const CHECK_HALF_WIDTH = 30

type IconSpec = {
  file: string
  size: number
  /**
   * A maskable icon is cropped by the platform to any shape inside the central circle of radius
   * 40 %, so it fills the whole canvas and its glyph is shrunk to stay clear of that edge.
   */
  maskable: boolean
}

const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-512-maskable.png', size: 512, maskable: true },
]

function roundedSquareDistance([x, y]: Point, inset: number, radius: number): number {
  const half = DESIGN / 2 - inset
  const qx = Math.abs(x - DESIGN / 2) - (half - radius)
  const qy = Math.abs(y - DESIGN / 2) - (half - radius)
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0))
  return outside + Math.min(Math.max(qx, qy), 0) - radius
}

function segmentDistance([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy))
}

function checkDistance(point: Point, scale: number): number {
  const centre = DESIGN / 2
  const scaled = CHECK.map(
    ([x, y]): Point => [centre + (x - centre) * scale, centre + (y - centre) * scale],
  )
  let distance = Number.POSITIVE_INFINITY
  for (let i = 1; i < scaled.length; i++) {
    distance = Math.min(
      distance,
      segmentDistance(point, scaled[i - 1] as Point, scaled[i] as Point),
    )
  }
  return distance - CHECK_HALF_WIDTH * scale
}

/** Distance in design units to coverage of one pixel (a one-pixel-wide ramp at the edge). */
function coverage(distance: number, pixelsPerUnit: number): number {
  return Math.max(0, Math.min(1, 0.5 - distance * pixelsPerUnit))
}

function renderIcon({ size, maskable }: IconSpec): Buffer {
  const pixelsPerUnit = size / DESIGN
  const rgba = Buffer.alloc(size * size * 4)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const point: Point = [(x + 0.5) / pixelsPerUnit, (y + 0.5) / pixelsPerUnit]
      const background = maskable
        ? 1
        : coverage(roundedSquareDistance(point, 24, 104), pixelsPerUnit)
      const glyph = coverage(checkDistance(point, maskable ? 0.78 : 1), pixelsPerUnit)
      const offset = (y * size + x) * 4
      for (let channel = 0; channel < 3; channel++) {
        const value = (BRAND[channel] as number) * (1 - glyph) + (WHITE[channel] as number) * glyph
        rgba[offset + channel] = Math.round(value)
      }
      rgba[offset + 3] = Math.round(Math.max(background, glyph) * 255)
    }
  }
  return encodePng(size, size, rgba)
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(typeAndData))
  return Buffer.concat([length, typeAndData, crc])
}

/** 8-bit RGBA, no interlacing, filter type 0 on every row. */
function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = 6
  const stride = width * 4
  const raw = Buffer.alloc((stride + 1) * height)
  for (let row = 0; row < height; row++) {
    rgba.copy(raw, row * (stride + 1) + 1, row * stride, (row + 1) * stride)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function main() {
  const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons')
  fs.mkdirSync(outDir, { recursive: true })
  for (const icon of ICONS) {
    const file = path.join(outDir, icon.file)
    fs.writeFileSync(file, renderIcon(icon))
    console.log(`wrote ${path.relative(process.cwd(), file)}`)
  }
}

main()
