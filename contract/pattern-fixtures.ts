import fc from 'fast-check'

/**
 * Examples shared by the tests of both pattern engines (contract/linear-pattern.ts in the browser, RE2 on
 * the server), so both are held to the same answers.
 *
 * Patterns of the kinds schemas hold, each with texts that do and do not match.
 */
export const PATTERN_EXAMPLES: [pattern: string, flags: string, text: string, expected: boolean][] =
  [
    ['^\\d{3}-\\d{4}$', '', '555-1234', true],
    ['^\\d{3}-\\d{4}$', '', '555-12345', false],
    ['^[a-z ]+$', 'i', 'Hello World', true],
    ['^[a-z ]+$', '', 'Hello World', false],
    ['colou?r', '', 'the colour red', true],
    ['^(?:yes|no|maybe)$', '', 'maybe', true],
    ['^(?:yes|no|maybe)$', '', 'maybe not', false],
    ['^(?<year>\\d{4})-(0[1-9]|1[0-2])$', '', '2024-12', true],
    ['^(?<year>\\d{4})-(0[1-9]|1[0-2])$', '', '2024-13', false],
    ['^.$', '', '\n', false],
    ['^.$', 's', '\n', true],
    ['^b$', '', 'a\nb', false],
    ['^b$', 'm', 'a\nb', true],
    ['a$', 'm', 'a\nb', true],
    ['\\bcat\\b', '', 'a cat sat', true],
    ['\\bcat\\b', '', 'concatenate', false],
    ['\\Bcat\\B', '', 'concatenate', true],
    ['^\\p{Lu}\\p{Ll}+$', 'u', 'Émile', true],
    ['^\\p{Lu}\\p{Ll}+$', 'u', 'émile', false],
    ['^\\u{1F600}$', 'u', '😀', true],
    ['^.$', '', '😀', true],
    ['^[\\s\\S]{2}$', '', 'a\n', true],
    ['^ПРИВЕТ$', 'i', 'привет', true],
    ['^[\\w.+-]+@[\\w-]+\\.[\\w.]+$', '', 'name.last+tag@example.co.uk', true],
    ['^[\\w.+-]+@[\\w-]+\\.[\\w.]+$', '', 'no at sign', false],
    ['^a{2,3}$', '', 'aaaa', false],
    ['^a{2,}?$', '', 'aaaa', true],
    ['^(ab)*c', '', 'ababc', true],
    ['^(a|ab)(c|bcd)(d*)$', '', 'abcd', true],
    ['x*', '', '', true],
    // Where JavaScript and RE2 differ, both engines answer as RE2 does.
    ['^.$', '', '\r', true],
    ['^\\s$', '', '\u00a0', false],
    ['^[\\s,]+$', '', ' ,\t', true],
    ['^[\\S]+$', '', 'a\u00a0', true],
    ['a$', 'm', 'a\rb', false],
    ['^$', '', '', true],
    ['\\d', '', 'no digits', false],
  ]

/**
 * Generated patterns of alternatives, classes and repeats, with texts over a small alphabet: on
 * these JavaScript, RE2 and the linear engine must all give the same answer.
 */
const atom = fc.constantFrom('a', 'b', '.', '\\d', '[ab]', '[^a]', '\\w', '\\s', 'é', '\\b')
const quantifier = fc.constantFrom('', '*', '+', '?', '{2}', '{1,3}', '*?')
const piece = fc.tuple(atom, quantifier).map(([a, q]) => (a === '\\b' ? a : a + q))
const branch = fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(''))
export const generatedPattern = fc
  .tuple(
    fc.constantFrom('', '^'),
    fc.array(branch, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('', '$'),
  )
  .map(([start, branches, end]) => `${start}(?:${branches.join('|')})${end}`)
export const generatedFlags = fc.constantFrom('', 'i', 's', 'm', 'u', 'im')
export const generatedText = fc.string({
  unit: fc.constantFrom('a', 'b', 'A', '1', ' ', 'É', 'é', '\n'),
  maxLength: 8,
})
