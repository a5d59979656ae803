import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvLines } from './writer'

describe('csvLines', () => {
  it('writes formula-leading cells with an apostrophe so spreadsheets show them as text', () => {
    const dangerous = [
      '=HYPERLINK("http://evil.example","click")',
      '+1+2',
      '-3+4',
      '@SUM(1,2)',
      '\tleading tab',
      '\rleading return',
      '＝1+1',
    ]
    const text = csvLines([dangerous])
    expect(parse(text, { relax_quotes: false })).toEqual([dangerous.map((cell) => `'${cell}`)])
    expect(text).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")",'+1+2,'-3+4,"'@SUM(1,2)",'\tleading tab,"'\rleading return",'＝1+1\n`,
    )
  })

  it('leaves negative numbers, inner signs and ordinary text alone', () => {
    expect(csvLines([[-5, 'a=b', 'x-1', 'plain', 2.5]])).toBe('-5,a=b,x-1,plain,2.5\n')
  })

  it('quotes commas, quotes and line breaks, and reads back to the same cells', () => {
    const cells = ['a,b', 'say "hi"', 'two\nlines', 'cr\r\nlf', '']
    const text = csvLines([cells, ['second', 'row', '', '', 'end']])
    expect(text).toBe('"a,b","say ""hi""","two\nlines","cr\r\nlf",\nsecond,row,,,end\n')
    expect(parse(text)).toEqual([cells, ['second', 'row', '', '', 'end']])
  })

  it('writes booleans as true/false, missing values as empty cells and objects as JSON', () => {
    expect(
      csvLines([[true, false, null, undefined, { uuid: 'r-1' }, ['x', 'y'], new Date(0)]]),
    ).toBe('true,false,,,"{""uuid"":""r-1""}","[""x"",""y""]",1970-01-01T00:00:00.000Z\n')
  })

  it('writes nothing for no rows', () => {
    expect(csvLines([])).toBe('')
  })
})
