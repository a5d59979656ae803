import { describe, expect, it } from 'vitest'
import { dayEnd, dayStart } from './search-params'

describe('day bounds of the list filters', () => {
  it('start at the first moment of the day in the browser time zone', () => {
    const start = new Date(dayStart('2026-03-29') as string)
    expect([start.getFullYear(), start.getMonth(), start.getDate()]).toEqual([2026, 2, 29])
    expect([start.getHours(), start.getMinutes(), start.getSeconds()]).toEqual([0, 0, 0])
    expect(start.getMilliseconds()).toBe(0)
  })

  it('end at the last moment of the day in the browser time zone', () => {
    const end = new Date(dayEnd('2026-03-29') as string)
    expect([end.getFullYear(), end.getMonth(), end.getDate()]).toEqual([2026, 2, 29])
    expect([end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([23, 59, 59])
    expect(end.getMilliseconds()).toBe(999)
  })

  it('leave an absent day out', () => {
    expect(dayStart(undefined)).toBeUndefined()
    expect(dayEnd(undefined)).toBeUndefined()
  })
})
