import { describe, expect, it } from 'vitest'
import { replaceLogins, scrubCell, scrubJson } from './person-text'

const person = {
  userId: 7,
  username: 'ann',
  email: 'Ann.Lee@example.test',
  firstName: 'Ann',
  lastName: 'Lee',
  anonymousUsername: 'anonymous-7',
}

describe("finding a person's data in stored text", () => {
  it('replaces logins as whole words in any case, not inside other words or addresses', () => {
    expect(
      replaceLogins("Line 3: ANN: overlaps; there is no user 'ann.lee@Example.test'.", person),
    ).toBe("Line 3: anonymous-7: overlaps; there is no user 'anonymous-7'.")
    expect(replaceLogins('annual report by joann, mail ann@other.test or ann.b', person)).toBe(
      'annual report by joann, mail ann@other.test or ann.b',
    )
  })

  it("empties names only in the person's own rows", () => {
    expect(scrubCell(' ann.lee@example.test ', person, true)).toBe('anonymous-7')
    expect(scrubCell('Ann Lee', person, true)).toBe('')
    expect(scrubCell('Ann Smith', person, false)).toBe('Ann Smith')
    expect(scrubCell('ann', person, false)).toBe('ann')
    expect(scrubCell('mail Ann.Lee@example.test', person, false)).toBe('mail anonymous-7')
  })

  it('takes the person out of user objects carrying their id, and their logins out of strings', () => {
    const body = {
      reviewer: { id: 7, username: 'ann', first_name: 'Ann', last_name: 'Lee', email: 'x@y.test' },
      author: { id: 8, username: 'bob', first_name: 'Ann', last_name: 'Other' },
      notes: ['asked ann', 'wrote to ANN.LEE@example.test', 'Ann Other agreed'],
      answer: { user: 'ANN' },
    }
    expect(scrubJson(body, person)).toEqual({
      reviewer: { id: 7, username: 'anonymous-7', first_name: '', last_name: '', email: '' },
      author: { id: 8, username: 'bob', first_name: 'Ann', last_name: 'Other' },
      notes: ['asked ann', 'wrote to anonymous-7', 'Ann Other agreed'],
      answer: { user: 'anonymous-7' },
    })
  })
})
