import dayjs from 'dayjs'
import { afterEach, describe, expect, it } from 'vitest'
import { activateDisplayLanguage, i18n } from './i18n'

afterEach(() => activateDisplayLanguage('en'))

describe('display language', () => {
  it('switches the messages and the date formats together, and back', async () => {
    await activateDisplayLanguage('fr')
    expect(i18n.locale).toBe('fr')
    expect(dayjs.locale()).toBe('fr')
    expect(dayjs('2026-03-02').format('MMMM')).toBe('mars')

    await activateDisplayLanguage('en')
    expect(i18n.locale).toBe('en')
    expect(dayjs.locale()).toBe('en')
  })
})
