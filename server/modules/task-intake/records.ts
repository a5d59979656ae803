import { Readable } from 'node:stream'
import { CsvError, parse } from 'csv-parse'
import { msg } from '#lingui-message'
import { type ApiMessage, withValues } from '../../http/i18n'
import { InvalidUtf8Error, utf8Text } from './utf8'

/**
 * Streaming readers of the data formats: each yields the records of one chunk of the file at a
 * time (an array, since a step of an async generator costs more than parsing a short record),
 * each with its place in the file, so files of any size are read in bounded memory.
 */

/** How a place in the file is named in messages: 'Line 3', 'Row 3', 'Item 3' (1-based). */
export type RecordUnit = 'Line' | 'Row' | 'Item'

export type SourceRecord =
  | { unit: RecordUnit; at: number; fields: Record<string, unknown> }
  /** The record cannot be read. `fatal`: nothing after it can be read either. */
  | { unit: RecordUnit; at: number; problem: ApiMessage; fatal?: boolean }
  /** A CSV header row: the field names of every following row. */
  | { unit: 'Row'; at: 1; header: string[] }

/** No single line, row or array item may be longer than this; it bounds the memory per record. */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024

const placeMessages: Record<RecordUnit, ApiMessage> = {
  Line: msg({ message: 'Line {at}' }),
  Row: msg({ message: 'Row {at}' }),
  Item: msg({ message: 'Item {at}' }),
}

export const placeOf = (record: { unit: RecordUnit; at: number }): ApiMessage =>
  withValues(placeMessages[record.unit], { at: record.at })

/**
 * JSON Lines (one object per line; blank lines are skipped but counted) or a JSON array of
 * objects, told apart by the first character of the text. The array is split into its items
 * while scanning, so the whole array is never held.
 */
export async function* readJsonRecords(stream: Readable): AsyncGenerator<SourceRecord[]> {
  const chunks = utf8Text(stream)
  let first = ''
  while (first.trim() === '') {
    let next: IteratorResult<string>
    try {
      next = await chunks.next()
    } catch (error) {
      if (!(error instanceof InvalidUtf8Error)) throw error
      yield [{ unit: 'Line', at: 1, problem: notUtf8, fatal: true }]
      return
    }
    if (next.done) return
    first = next.value.replace(/^\uFEFF/, '')
  }
  const rest = { [Symbol.asyncIterator]: () => chunks }
  if (first.trimStart().startsWith('[')) yield* jsonArrayRecords(first, rest)
  else yield* jsonLineRecords(first, rest)
}

async function* textChunks(first: string, rest: AsyncIterable<string>) {
  yield first
  yield* rest
}

async function* jsonLineRecords(
  first: string,
  rest: AsyncIterable<string>,
): AsyncGenerator<SourceRecord[]> {
  let carry = ''
  let line = 0
  for await (const chunk of undecodable(textChunks(first, rest))) {
    if (chunk instanceof InvalidUtf8Error) {
      yield [notText('Line', line + 1)]
      return
    }
    const records: SourceRecord[] = []
    // Lines are cut from the chunk itself; only a line begun in an earlier chunk is joined, so
    // no chunk's text is copied into a new string.
    let start = 0
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      line += 1
      const text = chunk.slice(start, end)
      const record = jsonLine(carry === '' ? text : carry + text, line)
      carry = ''
      if (record) records.push(record)
      start = end + 1
    }
    carry += chunk.slice(start)
    if (carry.length > MAX_RECORD_CHARS) {
      yield [...records, tooLong('Line', line + 1)]
      return
    }
    if (records.length > 0) yield records
  }
  const record = jsonLine(carry, line + 1)
  if (record) yield [record]
}

function jsonLine(text: string, at: number): SourceRecord | null {
  if (text.trim() === '') return null
  return jsonObject(text, 'Line', at)
}

function jsonObject(text: string, unit: RecordUnit, at: number): SourceRecord {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const reason = (error as Error).message
    return {
      unit,
      at,
      problem: withValues(msg({ message: 'not valid JSON ({reason}).' }), { reason }),
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { unit, at, problem: msg`must be a JSON object.` }
  }
  return { unit, at, fields: value as Record<string, unknown> }
}

/** The text chunks, ending with the decoding error in place of a throw, for the readers to place. */
async function* undecodable(
  chunks: AsyncIterable<string>,
): AsyncGenerator<string | InvalidUtf8Error> {
  try {
    yield* chunks
  } catch (error) {
    if (!(error instanceof InvalidUtf8Error)) throw error
    yield error
  }
}

const notUtf8 = msg`not valid UTF-8 text (save the file as UTF-8).`

const notText = (unit: RecordUnit, at: number): SourceRecord => ({
  unit,
  at,
  problem: msg`not valid UTF-8 text (save the file as UTF-8); nothing after it was read.`,
  fatal: true,
})

const tooLong = (unit: RecordUnit, at: number): SourceRecord => ({
  unit,
  at,
  problem: withValues(
    msg({ message: 'longer than {mebibytes} MiB; the rest of the file was not read.' }),
    { mebibytes: MAX_RECORD_CHARS / 1024 / 1024 },
  ),
  fatal: true,
})

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const COMMA = 0x2c

const isWhitespace = (code: number) =>
  code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09

/**
 * Splits a top-level JSON array into the text of its items by tracking strings and nesting, then
 * parses each item alone. Only object items are accepted, so an item always starts with `{`.
 */
async function* jsonArrayRecords(
  first: string,
  rest: AsyncIterable<string>,
): AsyncGenerator<SourceRecord[]> {
  const fatal = (at: number, problem: ApiMessage): SourceRecord => ({
    unit: 'Item',
    at,
    problem,
    fatal: true,
  })
  let opened = false
  let closed = false
  /** After an item, before its comma. */
  let afterItem = false
  let index = 0
  let depth = 0
  let inString = false
  let escaped = false
  /** The current item's text from earlier chunks. */
  let carry = ''
  let inItem = false
  for await (const chunk of undecodable(textChunks(first, rest))) {
    if (chunk instanceof InvalidUtf8Error) {
      yield [notText('Item', inItem ? index : index + 1)]
      return
    }
    const records: SourceRecord[] = []
    let start = 0
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i)
      if (inItem) {
        if (inString) {
          if (escaped) escaped = false
          else if (code === BACKSLASH) escaped = true
          else if (code === QUOTE) inString = false
        } else if (code === QUOTE) {
          inString = true
        } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
          depth += 1
        } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          depth -= 1
          if (depth === 0) {
            inItem = false
            afterItem = true
            records.push(jsonObject(carry + chunk.slice(start, i + 1), 'Item', index))
            carry = ''
          }
        }
        continue
      }
      if (isWhitespace(code)) continue
      if (closed) {
        yield [...records, fatal(index, msg`unexpected text after the closing ] of the array.`)]
        return
      }
      if (!opened) {
        opened = code === OPEN_BRACKET
        if (!opened) {
          yield [fatal(1, msg`the file must be a JSON array of objects.`)]
          return
        }
      } else if (code === CLOSE_BRACKET && (afterItem || index === 0)) {
        closed = true
      } else if (code === COMMA && afterItem) {
        afterItem = false
      } else if (code === OPEN_BRACE && !afterItem) {
        index += 1
        inItem = true
        depth = 1
        start = i
      } else {
        const at = afterItem ? index : index + 1
        const problem = afterItem
          ? msg`expected , or ] after this item.`
          : msg`must be a JSON object.`
        yield [...records, fatal(at, problem)]
        return
      }
    }
    if (inItem) {
      carry += chunk.slice(start)
      if (carry.length > MAX_RECORD_CHARS) {
        yield [...records, tooLong('Item', index)]
        return
      }
    }
    if (records.length > 0) yield records
  }
  if (!closed)
    yield [fatal(Math.max(index, 1), msg`the file ends before the closing ] of the array.`)]
}

/**
 * CSV after RFC 4180: a header row of field names, then one record per row; quoted values may
 * hold commas, quotes and line breaks. Every value is a string. Rows are numbered like a
 * spreadsheet does, the header being row 1.
 */
export async function* readCsvRecords(stream: Readable): AsyncGenerator<SourceRecord[]> {
  // Text up to a byte that is not UTF-8 is parsed to its end, so the rows before that byte are
  // read and its row is known: the row the text stops inside, or the next one.
  const decoding: { error: InvalidUtf8Error | null; endsRow: boolean } = {
    error: null,
    endsRow: true,
  }
  const text = Readable.from(
    (async function* () {
      for await (const chunk of undecodable(utf8Text(stream))) {
        if (chunk instanceof InvalidUtf8Error) {
          decoding.error = chunk
          return
        }
        decoding.endsRow = chunk.endsWith('\n')
        yield chunk
      }
    })(),
  )
  const parser = text.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARS,
    }),
  )
  text.on('error', (error) => parser.destroy(error))
  let header: string[] | null = null
  let row = 0
  /** The last row read, held back until the next one: a bad byte may have cut it short. */
  let held: SourceRecord | null = null
  let failure: SourceRecord | null = null
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      row += 1
      if (!header) {
        header = values.map((name) => name.trim())
        yield [{ unit: 'Row', at: 1, header }]
      } else {
        if (held) yield [held]
        held = csvRecord(header, values, row)
      }
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const problem = withValues(
      msg({ message: '{reason}.', comment: "The CSV reader's own (English) message." }),
      { reason: error.message },
    )
    failure = { unit: 'Row', at: row + 1, problem, fatal: true }
  } finally {
    parser.destroy()
  }
  if (decoding.error) {
    const cutShort = held !== null && failure === null && !decoding.endsRow
    if (held && !cutShort) yield [held]
    yield [notText('Row', cutShort ? row : row + 1)]
    return
  }
  const rest = [held, failure].filter((record) => record !== null)
  if (rest.length > 0) yield rest
}

function csvRecord(header: string[], values: string[], at: number): SourceRecord {
  if (values.length !== header.length) {
    const problem = withValues(
      msg({ message: 'has {values} values where the header row has {columns}.' }),
      { values: values.length, columns: header.length },
    )
    return { unit: 'Row', at, problem }
  }
  const fields: Record<string, string> = {}
  for (let column = 0; column < header.length; column++) fields[header[column]!] = values[column]!
  return { unit: 'Row', at, fields }
}
