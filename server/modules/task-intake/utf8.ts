import { isUtf8 } from 'node:buffer'
import type { Readable } from 'node:stream'

/** Bytes that are not UTF-8 text; everything before them was decoded and handed on. */
export class InvalidUtf8Error extends Error {
  constructor() {
    super('not valid UTF-8 text (save the file as UTF-8)')
  }
}

/** How many bytes the UTF-8 sequence opened by this byte has; 0 when it opens none. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1
  if (lead >= 0xc2 && lead <= 0xdf) return 2
  if (lead >= 0xe0 && lead <= 0xef) return 3
  if (lead >= 0xf0 && lead <= 0xf4) return 4
  return 0
}

/** Where a character cut by the end of the chunk starts (it completes in the next chunk). */
function completeLength(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!
    if (byte < 0x80) break
    if (byte >= 0xc0) return sequenceLength(byte) > back ? bytes.length - back : bytes.length
  }
  return bytes.length
}

/** The length of the valid start of bytes known to be invalid somewhere (the rare path). */
function validPrefixLength(bytes: Buffer): number {
  let at = 0
  while (at < bytes.length) {
    const length = sequenceLength(bytes[at]!)
    if (length === 0 || at + length > bytes.length) return at
    if (length > 1 && !isUtf8(bytes.subarray(at, at + length))) return at
    at += length
  }
  return at
}

/**
 * The stream's text, strictly decoded: invalid bytes are never replaced by U+FFFD behind the
 * user's back. The text before the first invalid byte is yielded, then InvalidUtf8Error is thrown,
 * so a reader counting lines knows where the bad byte is.
 */
export async function* utf8Text(stream: Readable): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0)
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk
    const end = completeLength(bytes)
    const complete = bytes.subarray(0, end)
    if (!isUtf8(complete)) {
      const valid = validPrefixLength(complete)
      if (valid > 0) yield complete.toString('utf8', 0, valid)
      throw new InvalidUtf8Error()
    }
    if (end > 0) yield complete.toString('utf8')
    carry = Buffer.from(bytes.subarray(end))
  }
  if (carry.length > 0) throw new InvalidUtf8Error()
}
