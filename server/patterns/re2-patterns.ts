import { RE2 } from 're2-wasm'
import type { PatternTest } from '../../contract/schema-rules'

/**
 * Validator patterns on the server run in RE2 (its WebAssembly build, no native addon): matching
 * time is linear in the text, so no stored pattern can stall the event loop.
 *
 * re2-wasm's compiled patterns live in WebAssembly memory that nothing frees on its own (its
 * finalizer support predates the current FinalizationRegistry), so compiled patterns are kept in
 * a bounded cache and freed explicitly when dropped.
 */
const MAX_CACHED = 200
const compiled = new Map<string, RE2>()

type WithWasmHandle = { wrapper: { delete(): void } }

function free(pattern: RE2): void {
  ;(pattern as unknown as WithWasmHandle).wrapper.delete()
}

/** RE2 only runs in Unicode mode; the contract reads every text as code points anyway. */
const re2Flags = (flags: string) => `${flags.replace('u', '')}u`

/** Compiles a pattern in RE2; throws a SyntaxError naming what RE2 cannot express. */
function compile(pattern: string, flags: string): RE2 {
  const key = `${flags}/${pattern}`
  const cached = compiled.get(key)
  if (cached) {
    // Map order is insertion order: re-inserting marks the entry as the most recently used.
    compiled.delete(key)
    compiled.set(key, cached)
    return cached
  }
  const fresh = new RE2(pattern, re2Flags(flags))
  if (compiled.size >= MAX_CACHED) {
    const [oldestKey, oldest] = compiled.entries().next().value as [string, RE2]
    compiled.delete(oldestKey)
    free(oldest)
  }
  compiled.set(key, fresh)
  return fresh
}

export const re2PatternTest: PatternTest = (pattern, flags, text) =>
  compile(pattern, flags).test(text)

/** Why RE2 cannot run this pattern, or null. */
export function re2Problem(pattern: string, flags: string): string | null {
  try {
    compile(pattern, flags)
    return null
  } catch (error) {
    return (error as Error).message
  }
}
