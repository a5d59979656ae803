import { describe, expect, it } from 'vitest'
import { checkboxValue, choicesFromValue, choicesToValue, mediaValue } from './values'

describe('widget values', () => {
  it("reads a checkbox from 'true'/'false' text", () => {
    expect(checkboxValue('true')).toBe(true)
    expect(checkboxValue('TRUE')).toBe(true)
    expect(checkboxValue('false')).toBe(false)
    expect(checkboxValue(undefined)).toBe(false)
  })

  it('matches stored dropdown choices to the options ignoring case and blanks', () => {
    const options = ['none', 'Music', 'traffic']
    expect(choicesFromValue('MUSIC; none ;unknown;music', options)).toEqual(['Music', 'none'])
    expect(choicesFromValue(['Traffic'], options)).toEqual(['traffic'])
    expect(choicesToValue(['Music', 'none'])).toBe('Music;none')
  })

  it('reads media values by uuid', () => {
    expect(mediaValue({ uuid: 'u1', audio_played_to_end: true })).toEqual({
      uuid: 'u1',
      audio_played_to_end: true,
    })
    expect(mediaValue('u2')).toEqual({ uuid: 'u2' })
    expect(mediaValue({ path: 'x.wav' })).toBeNull()
  })
})
