import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { TaskUploadFieldsSchema, uploadTimeLeftMs } from './task-intake'

describe('uploadTimeLeftMs', () => {
  it('is elapsed time times (100 minus percent) divided by percent', () => {
    expect(uploadTimeLeftMs(10_000, 25)).toBe(30_000)
    expect(uploadTimeLeftMs(4_000, 100)).toBe(0)
    expect(uploadTimeLeftMs(1_000, 0)).toBeNull()
  })
})

describe('TaskUploadFieldsSchema', () => {
  it('turns the multipart texts into typed values', () => {
    const parsed = v.parse(TaskUploadFieldsSchema, {
      task_type: '3',
      base_language: '1',
      target_language: '2',
      settle_target_lang: 'true',
      metadata: '{"batch":"7"}',
      deadline: '2030-01-02',
    })
    expect(parsed).toEqual({
      task_type: 3,
      base_language: 1,
      target_language: 2,
      settle_target_lang: true,
      description: '',
      metadata: { batch: '7' },
      deadline: new Date('2030-01-02T00:00:00Z'),
      start_task: false,
    })
  })
})
