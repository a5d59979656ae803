import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { inEnglish } from '../../http/i18n'
import { readCsvRecords, readJsonRecords, type SourceRecord } from './records'

/** The records, their problems said in English. */
async function collect(chunks: AsyncGenerator<SourceRecord[]>) {
  const all: unknown[] = []
  for await (const records of chunks) {
    for (const record of records) {
      all.push('problem' in record ? { ...record, problem: inEnglish(record.problem) } : record)
    }
  }
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

describe('text that is not UTF-8', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1')

  it('stops a JSON Lines file at the line holding the bad byte, whatever the chunks', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":"é"}\n{"a":"ok"}\n{"a":"'),
      latin1('caf\u00e9'),
      Buffer.from('"}\n{"a":"x"}'),
    ])
    for (const size of [1, 2, 5, bytes.length]) {
      const chunks: Buffer[] = []
      for (let start = 0; start < bytes.length; start += size)
        chunks.push(bytes.subarray(start, start + size))
      expect(await collect(readJsonRecords(Readable.from(chunks)))).toEqual([
        { unit: 'Line', at: 1, fields: { a: 'é' } },
        { unit: 'Line', at: 2, fields: { a: 'ok' } },
        {
          unit: 'Line',
          at: 3,
          problem: 'not valid UTF-8 text (save the file as UTF-8); nothing after it was read.',
          fatal: true,
        },
      ])
    }
  })

  it('refuses a character cut off by the end of the file', async () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"x"}\n'), Buffer.from('€').subarray(0, 2)])
    expect((await collect(readJsonRecords(Readable.from([bytes])))).at(-1)).toMatchObject({
      unit: 'Line',
      at: 2,
      fatal: true,
    })
  })

  it('names the array item and the CSV row that hold the bad byte', async () => {
    const array = Buffer.concat([
      Buffer.from('[{"a":1},\n{"a":"'),
      latin1('\u00ff'),
      Buffer.from('"}]'),
    ])
    expect((await collect(readJsonRecords(Readable.from([array])))).at(-1)).toMatchObject({
      unit: 'Item',
      at: 2,
      fatal: true,
    })
    const csv = Buffer.concat([Buffer.from('a\r\nx\r\n'), latin1('\u00e9\r\n')])
    expect((await collect(readCsvRecords(Readable.from([csv])))).at(-1)).toMatchObject({
      unit: 'Row',
      at: 3,
      problem: expect.stringContaining('not valid UTF-8'),
      fatal: true,
    })
    const cut = Buffer.concat([Buffer.from('a\r\nx\r\nab'), latin1('\u00e9'), Buffer.from('c\r\n')])
    expect(await collect(readCsvRecords(Readable.from([cut])))).toEqual([
      { unit: 'Row', at: 1, header: ['a'] },
      { unit: 'Row', at: 2, fields: { a: 'x' } },
      {
        unit: 'Row',
        at: 3,
        problem: 'not valid UTF-8 text (save the file as UTF-8); nothing after it was read.',
        fatal: true,
      },
    ])
  })
})
