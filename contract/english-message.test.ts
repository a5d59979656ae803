import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { msg } from '#lingui-message'
import { LoginRequestSchema } from './auth'
import { english, messageOfText } from './english-message'

describe('english', () => {
  it('gives valibot the English text, its values put in', () => {
    const message = msg({ message: 'at most {max} lines of {what}' })
    expect(english(message, { max: 4, what: 'verse' })).toBe('at most 4 lines of verse')
    expect(messageOfText('at most 4 lines of verse')).toEqual({
      ...message,
      values: { max: 4, what: 'verse' },
    })
  })

  it('writes numbers as English does where the message formats them', () => {
    expect(english(msg({ message: 'up to {max, number} words' }), { max: 12000 })).toBe(
      'up to 12,000 words',
    )
  })

  it("finds the contract's messages again from the issues valibot reports", () => {
    const login = v.safeParse(LoginRequestSchema, { username: 'ab', password: 'secret' })
    const [tooShort] = login.issues ?? []
    expect(tooShort?.message).toBe('Enter at least 3 characters.')
    expect(messageOfText(tooShort!.message)).toMatchObject({
      message: 'Enter at least {min} characters.',
      values: { min: 3 },
    })
  })
})
