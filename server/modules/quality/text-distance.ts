/**
 * Distances between texts, by Unicode code point so that a letter outside the Basic Multilingual
 * Plane counts as one character. Used to score gold text answers (character error rate) and to
 * pick the medoid of several workers' texts for a consensus label.
 */

/** Trims and collapses runs of whitespace, so spacing alone never counts as an error. */
export function normalizeText(text: string): string {
  return text.trim().replace(/\s+/gu, ' ')
}

/** Levenshtein distance: insertions, deletions and substitutions, each costing one. */
export function editDistance(a: string, b: string): number {
  const left = Array.from(a)
  const right = Array.from(b)
  if (left.length < right.length) return editDistanceOf(right, left)
  return editDistanceOf(left, right)
}

/** Two rows of the dynamic programme, the shorter text across, so memory is O(shorter). */
function editDistanceOf(longer: string[], shorter: string[]): number {
  let previous = Array.from({ length: shorter.length + 1 }, (_, index) => index)
  let current = new Array<number>(shorter.length + 1)
  for (let row = 1; row <= longer.length; row += 1) {
    current[0] = row
    for (let column = 1; column <= shorter.length; column += 1) {
      const substitution = previous[column - 1] + (longer[row - 1] === shorter[column - 1] ? 0 : 1)
      current[column] = Math.min(previous[column] + 1, current[column - 1] + 1, substitution)
    }
    ;[previous, current] = [current, previous]
  }
  return previous[shorter.length]
}

/**
 * Character error rate of an answer against the expected text, both normalized: edits needed
 * over the expected text's length. An empty expected text is matched only by an empty answer.
 */
export function characterErrorRate(expected: string, answer: string): number {
  const reference = normalizeText(expected)
  const hypothesis = normalizeText(answer)
  const referenceLength = Array.from(reference).length
  if (referenceLength === 0) return hypothesis.length === 0 ? 0 : 1
  return editDistance(reference, hypothesis) / referenceLength
}
