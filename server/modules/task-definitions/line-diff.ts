/**
 * A unified diff of two texts by lines, as annotators are shown what changed in a protocol:
 *
 *   --- version 1
 *   +++ version 2
 *   @@ -3,4 +3,5 @@
 *    unchanged line
 *   -removed line
 *   +added line
 *
 * Lines are matched with Myers' algorithm (a shortest edit script), so the diff is as small as a
 * line diff can be; hunks carry up to `context` unchanged lines around each change.
 */

type Edit = { kind: ' ' | '-' | '+'; line: string }

function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/**
 * Myers' O((N+M)·D) greedy search. `frontier[k]` is the furthest x reached on diagonal k = x - y;
 * each round's frontier is kept so the path can be traced back from the end.
 */
function shortestEdit(before: string[], after: string[]): Edit[] {
  const n = before.length
  const m = after.length
  const offset = n + m + 1
  const frontier = new Int32Array(2 * offset + 1)
  const trace: Int32Array[] = []
  const goesDown = (round: Int32Array, d: number, k: number) =>
    k === -d || (k !== d && round[offset + k - 1]! < round[offset + k + 1]!)
  search: for (let d = 0; d <= n + m; d++) {
    trace.push(frontier.slice())
    for (let k = -d; k <= d; k += 2) {
      let x = goesDown(frontier, d, k) ? frontier[offset + k + 1]! : frontier[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && before[x] === after[y]) {
        x++
        y++
      }
      frontier[offset + k] = x
      if (x >= n && y >= m) break search
    }
  }

  const edits: Edit[] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0; d--) {
    const round = trace[d]!
    const k = x - y
    const previousK = goesDown(round, d, k) ? k + 1 : k - 1
    const previousX = round[offset + previousK]!
    const previousY = previousX - previousK
    while (x > previousX && y > previousY) {
      x--
      y--
      edits.push({ kind: ' ', line: before[x]! })
    }
    if (d === 0) break
    if (x === previousX) edits.push({ kind: '+', line: after[previousY]! })
    else edits.push({ kind: '-', line: before[previousX]! })
    x = previousX
    y = previousY
  }
  return edits.reverse()
}

const range = (start: number, length: number) =>
  length === 1 ? `${start}` : `${length === 0 ? start - 1 : start},${length}`

/** The unified diff of `before` and `after`, or '' when their lines are the same. */
export function unifiedLineDiff(
  before: string,
  after: string,
  { fromLabel = 'before', toLabel = 'after', context = 3 } = {},
): string {
  const edits = shortestEdit(splitLines(before), splitLines(after))
  const changed = edits.map((edit, index) => (edit.kind === ' ' ? -1 : index)).filter((i) => i >= 0)
  if (changed.length === 0) return ''

  const output = [`--- ${fromLabel}`, `+++ ${toLabel}`]
  let index = 0
  while (index < changed.length) {
    const start = Math.max(0, changed[index]! - context)
    let end = Math.min(edits.length, changed[index]! + context + 1)
    // Changes closer than twice the context share one hunk.
    while (index + 1 < changed.length && changed[index + 1]! - context <= end) {
      index++
      end = Math.min(edits.length, changed[index]! + context + 1)
    }
    index++
    const hunk = edits.slice(start, end)
    const oldStart = edits.slice(0, start).filter((edit) => edit.kind !== '+').length + 1
    const newStart = edits.slice(0, start).filter((edit) => edit.kind !== '-').length + 1
    const oldLength = hunk.filter((edit) => edit.kind !== '+').length
    const newLength = hunk.filter((edit) => edit.kind !== '-').length
    output.push(`@@ -${range(oldStart, oldLength)} +${range(newStart, newLength)} @@`)
    for (const edit of hunk) output.push(`${edit.kind}${edit.line}`)
  }
  return output.join('\n')
}
