import { describe, expect, it } from 'vitest'
import { widgetLanguage } from './language'
import { makeItemSet, POLISH } from './test-fixtures'

const ENGLISH = { id: 2, code: 'en', name: 'English', diacritic_signs: [] }
const GERMAN = {
  id: 3,
  code: 'de',
  name: 'German',
  diacritic_signs: [{ sign: 'ß', description: 'sharp s' }],
}

const task = (base: typeof POLISH, target: typeof POLISH) => ({
  ...makeItemSet().task,
  base_language: base,
  target_language: target,
})

describe('widgetLanguage', () => {
  it('offers the signs of the target language and dictates in it', () => {
    expect(widgetLanguage(task(POLISH, GERMAN))).toEqual({
      code: 'de',
      signs: [{ sign: 'ß', description: 'sharp s' }],
    })
  })

  it('falls back to the base language’s signs when the target language has none', () => {
    expect(widgetLanguage(task(POLISH, ENGLISH))).toEqual({
      code: 'en',
      signs: POLISH.diacritic_signs,
    })
  })

  it('offers nothing when neither language has signs', () => {
    expect(widgetLanguage(task(ENGLISH, ENGLISH)).signs).toEqual([])
  })
})
