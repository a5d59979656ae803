/**
 * A regular-expression engine whose matching time grows linearly with the text: it compiles a
 * pattern to a Thompson automaton and runs every path of it at once (a Pike machine without
 * captures), so no pattern, however it nests its repeats, can make it backtrack.
 *
 * Why its own engine: validators run in the browser too (offline, while the worker types), and
 * RE2 cannot run there. The `re2-wasm` build instantiates its WebAssembly synchronously and, on a
 * page's main thread, has no way to read the binary synchronously: loaded from the Vite bundle in
 * Chromium it aborts with "sync fetching of the wasm failed", and its `Module` object is private to
 * the module, so the binary cannot be handed in either. The server runs RE2 itself
 * (server/lib/re2-patterns.ts); schema saves require a pattern to compile in both engines, and the
 * contract tests check that both agree.
 *
 * Semantics (RE2's where JavaScript's and RE2's differ, so browser and server agree):
 * - the syntax is JavaScript's in its strict Unicode form, as with the u flag, and the text is
 *   read as code points whether or not u is given;
 * - . matches any character but \n; \s matches only [\t\n\f\r ] and \S everything else;
 * - flags: i ignores case, m lets ^ and $ match next to \n, s lets . match \n too, u is
 *   accepted and changes nothing;
 * - backreferences (\1, \k<name>), lookahead and lookbehind are refused: no linear-time engine
 *   can run them. Only whether the text contains a match is computed, never what it captured.
 *
 * Single characters (literals, classes, escapes such as \d or \p{L}, the dot) are tested by the
 * platform's own RegExp on one code point at a time, which is constant time and keeps class
 * semantics, case folding and Unicode properties exactly JavaScript's.
 */
import { msg } from '#lingui-message'
import { english } from './english-message'

/** Longest counted repeat, as in RE2. */
export const MAX_REPEAT_COUNT = 1000
/**
 * Most automaton instructions one pattern may compile to. Matching costs up to this many steps per
 * character of text, so with MAX_PATTERN_TEXT_LENGTH it bounds the work of one check (a couple of
 * seconds in a browser for the worst pattern on the longest text; ordinary patterns keep only a
 * few threads alive and take a millisecond or less).
 */
export const MAX_PROGRAM_SIZE = 2000

export class PatternSyntaxError extends Error {}

type Node =
  | { kind: 'char'; source: string }
  | { kind: 'sequence'; items: Node[] }
  | { kind: 'alternation'; options: Node[] }
  | { kind: 'repeat'; body: Node; min: number; max: number }
  | { kind: 'assertion'; which: Assertion }

type Assertion = 'start' | 'end' | 'word_boundary' | 'not_word_boundary'

type Instruction =
  | { op: 'char'; test: (codePoint: number) => boolean }
  | { op: 'split'; first: number; second: number }
  | { op: 'jump'; to: number }
  | { op: 'assert'; which: Assertion }
  | { op: 'match' }

/** RE2's \s, as class contents; JavaScript's also takes \v and Unicode spaces. */
const RE2_SPACES = '\\t\\n\\f\\r '
/** Everything outside RE2's \s, as class contents. */
const RE2_NON_SPACES = '\\x00-\\x08\\x0B\\x0E-\\x1F!-\\u{10FFFF}'

const LOOKAROUND_MESSAGE = english(
  msg`Lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported: patterns must run in linear time.`,
)
const BACKREFERENCE_MESSAGE = english(
  msg({
    message: 'Backreferences (\\1, \\k<name>) are not supported: patterns must run in linear time.',
  }),
)
const UNMATCHED_MESSAGE = english(msg`Unmatched ).`)
const REPEAT_COUNT_MESSAGE = english(msg({ message: 'A counted repeat may be at most {max}.' }), {
  max: `{${MAX_REPEAT_COUNT}}`,
})
const INLINE_FLAGS_MESSAGE = english(msg`Inline flag groups such as (?i:...) are not supported.`)
const UNCLOSED_MESSAGE = english(msg`Unclosed group.`)
const EMPTY_CLASS_MESSAGE = english(
  msg({ message: 'Empty classes [] and [^] are not supported; use [\\s\\S].' }),
)
const TOO_LARGE_MESSAGE = english(
  msg`The pattern is too large once its repeats are spelled out; shorten it or its counts.`,
)

class Parser {
  private index = 0

  constructor(
    private readonly pattern: string,
    private readonly dotAll: boolean,
  ) {}

  parse(): Node {
    const node = this.alternation()
    if (this.index < this.pattern.length) throw new PatternSyntaxError(UNMATCHED_MESSAGE)
    return node
  }

  private peek(offset = 0): string {
    return this.pattern[this.index + offset] ?? ''
  }

  private startsWith(text: string): boolean {
    return this.pattern.startsWith(text, this.index)
  }

  private alternation(): Node {
    const options = [this.sequence()]
    while (this.peek() === '|') {
      this.index++
      options.push(this.sequence())
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'alternation', options }
  }

  private sequence(): Node {
    const items: Node[] = []
    while (this.index < this.pattern.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified(this.atom()))
    }
    return { kind: 'sequence', items }
  }

  private quantified(body: Node): Node {
    const char = this.peek()
    let bounds: [number, number] | null = null
    if (char === '*') bounds = [0, Number.POSITIVE_INFINITY]
    else if (char === '+') bounds = [1, Number.POSITIVE_INFINITY]
    else if (char === '?') bounds = [0, 1]
    if (bounds) this.index++
    else {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(this.pattern.slice(this.index))
      if (!counted) return body
      this.index += counted[0].length
      const min = Number(counted[1])
      const max = counted[2] === undefined ? min : counted[3] ? Number(counted[3]) : Infinity
      if (min > MAX_REPEAT_COUNT || (max !== Infinity && max > MAX_REPEAT_COUNT)) {
        throw new PatternSyntaxError(REPEAT_COUNT_MESSAGE)
      }
      bounds = [min, max]
    }
    // A lazy repeat accepts the same texts as a greedy one; only what a match captures differs.
    if (this.peek() === '?') this.index++
    return { kind: 'repeat', body, min: bounds[0], max: bounds[1] }
  }

  private atom(): Node {
    const char = this.peek()
    if (char === '(') return this.group()
    if (char === '^') return this.assertion('start', 1)
    if (char === '$') return this.assertion('end', 1)
    if (char === '[') return this.characterClass()
    if (char === '\\') return this.escape()
    if (char === '.') {
      this.index++
      return { kind: 'char', source: this.dotAll ? '[\\s\\S]' : '[^\\n]' }
    }
    const codePoint = this.pattern.codePointAt(this.index) ?? 0
    const source = String.fromCodePoint(codePoint)
    this.index += source.length
    return { kind: 'char', source }
  }

  private assertion(which: Assertion, length: number): Node {
    this.index += length
    return { kind: 'assertion', which }
  }

  private group(): Node {
    if (/^\(\?<?[=!]/.test(this.pattern.slice(this.index))) {
      throw new PatternSyntaxError(LOOKAROUND_MESSAGE)
    }
    if (this.startsWith('(?:')) this.index += 3
    else if (this.startsWith('(?<')) this.index = this.pattern.indexOf('>', this.index) + 1
    else if (this.startsWith('(?')) {
      throw new PatternSyntaxError(INLINE_FLAGS_MESSAGE)
    } else this.index++
    const body = this.alternation()
    if (this.peek() !== ')') throw new PatternSyntaxError(UNCLOSED_MESSAGE)
    this.index++
    return body
  }

  private characterClass(): Node {
    if (this.startsWith('[]') || this.startsWith('[^]')) {
      throw new PatternSyntaxError(EMPTY_CLASS_MESSAGE)
    }
    let source = this.peek()
    this.index++
    while (this.index < this.pattern.length && this.peek() !== ']') {
      const length = this.peek() === '\\' ? 2 : 1
      const piece = this.pattern.slice(this.index, this.index + length)
      source += piece === '\\s' ? RE2_SPACES : piece === '\\S' ? RE2_NON_SPACES : piece
      this.index += length
    }
    this.index++
    return { kind: 'char', source: `${source}]` }
  }

  private escape(): Node {
    const next = this.peek(1)
    if (next === 'b') return this.assertion('word_boundary', 2)
    if (next === 'B') return this.assertion('not_word_boundary', 2)
    if (/[1-9k]/.test(next)) throw new PatternSyntaxError(BACKREFERENCE_MESSAGE)
    const rest = this.pattern.slice(this.index)
    const escapeMatch =
      /^\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/.exec(rest) ??
      /^\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[a-zA-Z]|[pP]\{[^}]*\})/.exec(rest)
    const length = escapeMatch
      ? escapeMatch[0].length
      : 1 + String.fromCodePoint(rest.codePointAt(1) ?? 0).length
    const escaped = rest.slice(0, length)
    const source =
      escaped === '\\s' ? `[${RE2_SPACES}]` : escaped === '\\S' ? `[${RE2_NON_SPACES}]` : escaped
    this.index += length
    return { kind: 'char', source }
  }
}

class Compiler {
  readonly program: Instruction[] = []

  constructor(private readonly characterTest: (source: string) => (codePoint: number) => boolean) {}

  private emit(instruction: Instruction): number {
    if (this.program.length >= MAX_PROGRAM_SIZE) {
      throw new PatternSyntaxError(TOO_LARGE_MESSAGE)
    }
    this.program.push(instruction)
    return this.program.length - 1
  }

  compile(node: Node): void {
    switch (node.kind) {
      case 'char':
        this.emit({ op: 'char', test: this.characterTest(node.source) })
        return
      case 'assertion':
        this.emit({ op: 'assert', which: node.which })
        return
      case 'sequence':
        for (const item of node.items) this.compile(item)
        return
      case 'alternation':
        this.alternation(node.options)
        return
      case 'repeat':
        this.repeat(node)
    }
  }

  private alternation(options: Node[]): void {
    const [first, ...others] = options
    if (!first) return
    if (others.length === 0) {
      this.compile(first)
      return
    }
    const split = this.emit({ op: 'split', first: 0, second: 0 })
    this.compile(first)
    const jump = this.emit({ op: 'jump', to: 0 })
    const secondStart = this.program.length
    this.alternation(others)
    this.program[split] = { op: 'split', first: split + 1, second: secondStart }
    this.program[jump] = { op: 'jump', to: this.program.length }
  }

  private repeat({ body, min, max }: { body: Node; min: number; max: number }): void {
    for (let count = 0; count < min; count++) this.compile(body)
    if (max === Infinity) {
      const split = this.emit({ op: 'split', first: 0, second: 0 })
      this.compile(body)
      this.emit({ op: 'jump', to: split })
      this.program[split] = { op: 'split', first: split + 1, second: this.program.length }
      return
    }
    // e{0,3} accepts the texts e?e?e? accepts, which is all a yes/no match needs.
    for (let count = min; count < max; count++) {
      const split = this.emit({ op: 'split', first: 0, second: 0 })
      this.compile(body)
      this.program[split] = { op: 'split', first: split + 1, second: this.program.length }
    }
  }
}

const NEWLINE = 0x0a

/** A compiled pattern; `test` answers in time proportional to the text times the pattern. */
export type PatternMatcher = { test(text: string): boolean }

/**
 * Compiles a validator pattern with flags from i, m, s, u. Throws PatternSyntaxError (or the
 * platform's SyntaxError) with a message fit for the schema editor when it cannot run.
 */
export function compileLinearPattern(pattern: string, flags: string): PatternMatcher {
  const characterFlags = `${flags.includes('i') ? 'i' : ''}${flags.includes('s') ? 's' : ''}u`
  // Compiling (never running) the whole pattern natively checks its syntax, with the platform's
  // own messages, before the parser below relies on it being well formed.
  new RegExp(pattern, characterFlags)
  const characterTests = new Map<string, (codePoint: number) => boolean>()
  const characterTest = (source: string) => {
    const existing = characterTests.get(source)
    if (existing) return existing
    const single = new RegExp(`^(?:${source})$`, characterFlags)
    const known = new Map<number, boolean>()
    const test = (codePoint: number) => {
      let answer = known.get(codePoint)
      if (answer === undefined) {
        answer = single.test(String.fromCodePoint(codePoint))
        known.set(codePoint, answer)
      }
      return answer
    }
    characterTests.set(source, test)
    return test
  }
  const compiler = new Compiler(characterTest)
  compiler.compile(new Parser(pattern, flags.includes('s')).parse())
  compiler.program.push({ op: 'match' })
  const program = compiler.program
  const isWordCharacter = characterTest('\\w')
  const multiline = flags.includes('m')
  return { test: (text) => run(program, text, multiline, isWordCharacter) }
}

function run(
  program: Instruction[],
  text: string,
  multiline: boolean,
  isWordCharacter: (codePoint: number) => boolean,
): boolean {
  const codePoints = Array.from(text, (char) => char.codePointAt(0) ?? 0)
  /** For each instruction, the last position it was added at, so each is added once per step. */
  const addedAt = new Int32Array(program.length).fill(-1)
  const holds = (which: Assertion, position: number): boolean => {
    const before = codePoints[position - 1]
    const after = codePoints[position]
    if (which === 'start') {
      return position === 0 || (multiline && before === NEWLINE)
    }
    if (which === 'end') {
      return position === codePoints.length || (multiline && after === NEWLINE)
    }
    const boundary =
      (before !== undefined && isWordCharacter(before)) !==
      (after !== undefined && isWordCharacter(after))
    return which === 'word_boundary' ? boundary : !boundary
  }
  /** Adds an instruction and everything reachable from it without reading; true on a match. */
  const pending: number[] = []
  const addReachable = (threads: number[], start: number, position: number): boolean => {
    pending.length = 0
    pending.push(start)
    while (pending.length > 0) {
      const pc = pending.pop() as number
      if (addedAt[pc] === position) continue
      addedAt[pc] = position
      const instruction = program[pc] as Instruction
      if (instruction.op === 'match') return true
      if (instruction.op === 'char') threads.push(pc)
      else if (instruction.op === 'jump') pending.push(instruction.to)
      else if (instruction.op === 'split') pending.push(instruction.second, instruction.first)
      else if (holds(instruction.which, position)) pending.push(pc + 1)
    }
    return false
  }

  let threads: number[] = []
  for (let position = 0; ; position++) {
    // A match may start anywhere: a fresh thread joins at every position.
    if (addReachable(threads, 0, position)) return true
    if (position === codePoints.length) return false
    const codePoint = codePoints[position] as number
    const next: number[] = []
    for (const pc of threads) {
      const instruction = program[pc] as Extract<Instruction, { op: 'char' }>
      if (instruction.test(codePoint) && addReachable(next, pc + 1, position + 1)) return true
    }
    threads = next
  }
}
