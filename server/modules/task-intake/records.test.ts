import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readCsvRecords, readJsonRecords, type SourceRecord } from './records'

async function collect(chunks: AsyncGenerator<SourceRecord[]>) {
  const all: SourceRecord[] = []
  for await (const records of chunks) all.push(...records)
  return all
}

/**
 * The text's UTF-8 bytes cut into chunks of several sizes, so chunk ends fall inside tokens,
 * strings and multi-byte characters.
 */
function chunkings(text: string): Buffer[][] {
  const bytes = Buffer.from(text)
  return [1, 2, 3, 7, bytes.length].map((size) => {
    const chunks: Buffer[] = []
    for (let start = 0; start < bytes.length; start += size) {
      chunks.push(bytes.subarray(start, start + size))
    }
    return chunks
  })
}

const json = (chunks: (Buffer | string)[]) =>
  collect(readJsonRecords(Readable.from(chunks.map((chunk) => Buffer.from(chunk)))))

describe('readJsonRecords', () => {
  it('splits a JSON array into its objects wherever the chunks end', async () => {
    const text = '\uFEFF [ {"a": "x]}\\"{[", "b": [1, {"c": 2}]} ,\n{"a":"é€𝄞"}\n]\n'
    for (const chunks of chunkings(text)) {
      expect(await json(chunks)).toEqual([
        { unit: 'Item', at: 1, fields: { a: 'x]}"{[', b: [1, { c: 2 }] } },
        { unit: 'Item', at: 2, fields: { a: 'é€𝄞' } },
      ])
    }
  })

  it('reads JSON Lines with CRLF and blank lines, counting every line', async () => {
    const text = '{"a":1}\r\n\r\n  \n{"a":"b\\nc"}\n{"a":2}'
    for (const chunks of chunkings(text)) {
      expect(await json(chunks)).toEqual([
        { unit: 'Line', at: 1, fields: { a: 1 } },
        { unit: 'Line', at: 4, fields: { a: 'b\nc' } },
        { unit: 'Line', at: 5, fields: { a: 2 } },
      ])
    }
  })

  it('reports a broken array and stops reading it', async () => {
    expect(await json(['[{"a":1} {"a":2}]'])).toEqual([
      { unit: 'Item', at: 1, fields: { a: 1 } },
      { unit: 'Item', at: 1, problem: 'expected , or ] after this item.', fatal: true },
    ])
    expect(await json(['[{"a":1}] x'])).toEqual([
      { unit: 'Item', at: 1, fields: { a: 1 } },
      {
        unit: 'Item',
        at: 1,
        problem: 'unexpected text after the closing ] of the array.',
        fatal: true,
      },
    ])
    expect(await json(['[]'])).toEqual([])
    expect(await json(['  '])).toEqual([])
  })
})

describe('readCsvRecords', () => {
  it('yields the header, then rows numbered like a spreadsheet', async () => {
    const text = 'a,b\r\n"1,2","x\r\ny"\r\n\r\n3,"say ""hi"""\r\n'
    for (const chunks of chunkings(text)) {
      expect(await collect(readCsvRecords(Readable.from(chunks)))).toEqual([
        { unit: 'Row', at: 1, header: ['a', 'b'] },
        { unit: 'Row', at: 2, fields: { a: '1,2', b: 'x\r\ny' } },
        { unit: 'Row', at: 3, fields: { a: '3', b: 'say "hi"' } },
      ])
    }
  })
})
