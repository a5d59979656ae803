import { stringify } from 'csv-stringify/sync'

/**
 * Every CSV file the server writes goes through here, so each gets the same quoting and the same
 * defence against CSV injection: a cell starting with =, +, -, @, a tab or a carriage return (or
 * their full-width forms) is read as a formula by spreadsheets, so it is written with a leading
 * apostrophe (OWASP's advice). Negative numbers stay numbers.
 */
const CSV_OPTIONS = {
  escape_formulas: true,
  record_delimiter: '\n',
  // Quote any cell holding \n or \r, not only the record delimiter: spreadsheets end rows on both.
  quote_record_delimiter: true,
  cast: {
    boolean: (value: boolean) => String(value),
    date: (value: Date) => value.toISOString(),
  },
} as const

/**
 * The CSV text of some rows, one line each, ending with a line break. Exports call it once per
 * batch of rows and stream the pieces, so a file of any size is written in bounded memory.
 * Strings are written as they are, null and undefined as empty cells, objects and arrays as JSON.
 */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return rows.length === 0 ? '' : stringify(rows as unknown[][], CSV_OPTIONS)
}
