import { vi } from 'vitest'

/**
 * Makes `matchMedia` answer true for the queries `matches` accepts, as a screen of some width
 * would (jsdom matches none). Undone by `vi.restoreAllMocks()`.
 */
export function screenMatching(matches: (query: string) => boolean): void {
  const original = window.matchMedia
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...original(query),
    matches: matches(query),
  }))
}

/** A screen `width` pixels wide, for `(max-width: …px)` and `(max-width: …em)` queries. */
export function screenOfWidth(width: number): void {
  screenMatching((query) => {
    const limit = /\(max-width: ([\d.]+)(px|em)\)/.exec(query)
    if (!limit) return false
    const pixels = Number(limit[1]) * (limit[2] === 'em' ? 16 : 1)
    return width <= pixels
  })
}
