import { describe, expect, it } from 'vitest'
import {
  ACTIVITY_SAMPLE_PERIOD_SECONDS,
  fillIntervalRule,
  INTERVAL_RULE_TEXT,
  isRealActivity,
} from './worktime-rules'

const counts = (source: string, mouse_moves: number, mouse_clicks: number, key_clicks: number) => ({
  source,
  mouse_moves,
  mouse_clicks,
  key_clicks,
})

describe('real activity', () => {
  it('always counts key clicks', () => {
    for (const source of ['TASK', 'PROTOCOL', 'REVIEW', 'FEEDBACK', 'OTHER']) {
      expect(isRealActivity(counts(source, 0, 0, 1))).toBe(true)
    }
  })

  it('needs both a move and a click on a task', () => {
    expect(isRealActivity(counts('TASK', 3, 0, 0))).toBe(false)
    expect(isRealActivity(counts('TASK', 0, 2, 0))).toBe(false)
    expect(isRealActivity(counts('TASK', 3, 2, 0))).toBe(true)
  })

  it('counts mouse moves alone on a protocol, never a click without a move', () => {
    expect(isRealActivity(counts('PROTOCOL', 1, 0, 0))).toBe(true)
    expect(isRealActivity(counts('PROTOCOL', 0, 4, 0))).toBe(false)
  })

  it('counts a move or a click elsewhere, and nothing for no activity', () => {
    expect(isRealActivity(counts('REVIEW', 1, 0, 0))).toBe(true)
    expect(isRealActivity(counts('FEEDBACK', 0, 1, 0))).toBe(true)
    expect(isRealActivity(counts('OTHER', 0, 0, 0))).toBe(false)
  })

  it('fills the constants into the plain-words rule', () => {
    const text = fillIntervalRule(INTERVAL_RULE_TEXT)
    expect(text).toContain(`every ${ACTIVITY_SAMPLE_PERIOD_SECONDS} seconds`)
    expect(text).not.toMatch(/\{\w+\}/)
  })
})
