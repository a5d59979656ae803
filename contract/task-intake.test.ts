import * as v from 'valibot'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { TaskPatchSchema } from './client-tasks'
import {
  TASK_DESCRIPTION_MAX_CHARS,
  TASK_METADATA_MAX_KEYS,
  TASK_METADATA_VALUE_MAX_CHARS,
  TaskUploadFieldsSchema,
  uploadTimeLeftMs,
} from './task-intake'

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

describe('the limits on description and metadata', () => {
  const upload = (fields: Record<string, string>) =>
    v.safeParse(TaskUploadFieldsSchema, {
      task_type: '3',
      base_language: '1',
      target_language: '2',
      settle_target_lang: 'true',
      ...fields,
    })
  const patch = (body: object) => v.safeParse(TaskPatchSchema, body)
  const longest = 'd'.repeat(TASK_DESCRIPTION_MAX_CHARS)
  const tooLong = `${longest}d`

  it('are the same on upload and on edit', () => {
    expect(upload({ description: longest }).success).toBe(true)
    expect(patch({ description: longest }).success).toBe(true)
    expect(upload({ description: tooLong }).success).toBe(false)
    expect(patch({ description: tooLong }).success).toBe(false)

    const value = 'v'.repeat(TASK_METADATA_VALUE_MAX_CHARS + 1)
    expect(upload({ metadata: JSON.stringify({ note: value }) }).success).toBe(false)
    expect(patch({ metadata: { note: value } }).success).toBe(false)

    const many = Object.fromEntries(
      Array.from({ length: TASK_METADATA_MAX_KEYS + 1 }, (_, index) => [`k${index}`, 'x']),
    )
    expect(upload({ metadata: JSON.stringify(many) }).success).toBe(false)
    expect(patch({ metadata: many }).success).toBe(false)
  })

  it('say what is wrong', () => {
    const result = upload({ description: tooLong, metadata: '{"a":1}' })
    expect(result.success).toBe(false)
    const messages = result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`)
    expect(messages).toEqual([
      'description: must be at most 2,000 characters',
      'metadata: values must be strings',
    ])
  })
})

describe('loading the module', () => {
  it('formats no number: the browser would set its locale up while the app starts', async () => {
    vi.resetModules()
    const formatNumber = vi.spyOn(Number.prototype, 'toLocaleString')
    onTestFinished(() => formatNumber.mockRestore())

    const intake = await import('./task-intake')

    expect(formatNumber).not.toHaveBeenCalled()
    expect(v.safeParse(intake.TaskDescriptionSchema, 'x'.repeat(2001)).issues?.[0]?.message).toBe(
      'must be at most 2,000 characters',
    )
  })
})
