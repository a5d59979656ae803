import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client'
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay } from './backoff'
import { classifyByStatus, toOutboxError } from './registry'

describe('classifyByStatus', () => {
  it.each([
    [0, 'network_error'],
    [0, 'timeout'],
    [408, 'server_error'],
    [429, 'rate_limited'],
    [500, 'server_error'],
    [502, 'server_error'],
    [503, 'service_unavailable'],
    [401, 'not_authenticated'],
    [403, 'csrf_failed'],
  ] as const)('retries %i %s', (status, code) => {
    expect(classifyByStatus(new ApiError(status, code, 'x'))).toBe('transient')
  })

  it.each([
    [400, 'validation_error'],
    [403, 'permission_denied'],
    [404, 'not_found'],
    [409, 'task_finished'],
    [409, 'idempotency_key_reused'],
    [410, 'lock_expired'],
    [413, 'payload_too_large'],
    [200, 'invalid_response'],
  ] as const)('gives up on %i %s', (status, code) => {
    expect(classifyByStatus(new ApiError(status, code, 'x'))).toBe('permanent')
  })

  it('gives up on an error that is no answer of the API (a bug would repeat)', () => {
    expect(classifyByStatus(new TypeError('payload.map is not a function'))).toBe('permanent')
  })
})

describe('toOutboxError', () => {
  it('keeps status, code, detail and field messages as plain data', () => {
    const error = new ApiError(400, 'validation_error', 'Invalid', { 'data.text': ['Required'] })
    expect(toOutboxError(error)).toEqual({
      status: 400,
      code: 'validation_error',
      detail: 'Invalid',
      fields: { 'data.text': ['Required'] },
    })
    expect(toOutboxError(new Error('boom'))).toEqual({
      status: -1,
      code: 'client_error',
      detail: 'Error: boom',
    })
  })
})

describe('backoffDelay', () => {
  it('draws uniformly below a ceiling that doubles from 1 s up to 5 min', () => {
    const ceilings = [1, 2, 3, 4, 5, 8, 9, 10, 30].map((attempt) => backoffDelay(attempt, () => 1))
    expect(ceilings).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 128_000, 256_000, 300_000, 300_000,
    ])
    expect(BACKOFF_BASE_MS).toBe(1_000)
    expect(BACKOFF_CAP_MS).toBe(300_000)
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect(backoffDelay(attempt, () => 0)).toBe(0)
      const delay = backoffDelay(attempt)
      expect(delay).toBeGreaterThanOrEqual(0)
      expect(delay).toBeLessThan(Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)))
    }
  })
})
