import { describe, expect, it } from 'vitest'
import { formatDuration, timeTag } from './time'

describe('formatDuration', () => {
  it('shows tenths for a clip shorter than ten seconds, so a short clip never reads 0:00', () => {
    expect(formatDuration(0.8)).toBe('0:00.8')
    expect(formatDuration(0, 0.8)).toBe('0:00.0')
    expect(formatDuration(0.35, 0.8)).toBe('0:00.3')
    expect(formatDuration(9.94)).toBe('0:09.9')
  })

  it('shows whole seconds for longer clips', () => {
    expect(formatDuration(12.7)).toBe('0:12')
    expect(formatDuration(3.2, 75)).toBe('0:03')
    expect(formatDuration(3725, 4000)).toBe('1:02:05')
  })

  it('reads a missing or broken time as zero', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00')
    expect(formatDuration(-3, 5)).toBe('0:00.0')
  })

  it('tags the current time with one decimal', () => {
    expect(timeTag(12.34)).toBe('[12.3]')
  })
})
