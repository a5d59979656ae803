import { describe, expect, it } from 'vitest'
import { storage } from '../../storage'
import { rememberRedirect, safeRedirectPath, takeRedirectTarget } from './redirect'

describe('redirect after sign-in', () => {
  it.each([
    ['/tasks', '/tasks'],
    ['/coordinator/users/list?search=ann#top', '/coordinator/users/list?search=ann#top'],
    ['https://evil.example/', null],
    ['//evil.example/', null],
    ['/\\evil.example/', null],
    ['javascript:alert(1)', null],
    ['/login', null],
    ['/login/anna?redirect=/x', null],
    ['/loginhelp', '/loginhelp'],
    [undefined, null],
  ])('accepts %s as %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected)
  })

  it('prefers the query value and uses the stored one only once', () => {
    rememberRedirect('/feedback')
    expect(takeRedirectTarget('/tasks')).toBe('/tasks')
    expect(takeRedirectTarget()).toBeNull()

    rememberRedirect('/feedback')
    expect(takeRedirectTarget()).toBe('/feedback')
    expect(storage.get('redirect')).toBeNull()
  })

  it('forgets an earlier redirect when single sign-on starts without one', () => {
    rememberRedirect('/feedback')
    rememberRedirect(undefined)
    expect(storage.get('redirect')).toBeNull()
  })
})
