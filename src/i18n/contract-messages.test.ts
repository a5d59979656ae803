import { setupI18n } from '@lingui/core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { IdParamSchema } from '../../contract/common'
import { regexProblem } from '../../contract/schema-rules'
import { TASK_METADATA_VALUE_MAX_CHARS, TaskMetadataSchema } from '../../contract/task-intake'
import { messages as russianMessages } from '../../locales/ru/messages.po'
import { contractIssueText } from './contract-messages'

const russian = setupI18n({ locale: 'ru', messages: { ru: russianMessages } })
const issueText = (input: unknown) =>
  contractIssueText(russian, v.safeParse(IdParamSchema, input).issues?.[0]?.message ?? '')

describe('contract issue texts', () => {
  it("are said in the reader's language, with their numbers", () => {
    expect(issueText('x')).toBe('должно быть идентификатором')
    expect(issueText('0')).toBe('должно быть не меньше 1')
  })

  it('write their numbers as the language does', () => {
    const tooLong = v.safeParse(TaskMetadataSchema, { note: 'x'.repeat(3000) }).issues?.[0]
    expect(tooLong?.message).toBe('values must be at most 2,000 characters')
    expect(contractIssueText(russian, tooLong!.message)).toBe(
      `значения должны быть не длиннее ${TASK_METADATA_VALUE_MAX_CHARS.toLocaleString('ru')} символов`,
    )
  })

  it("say why a validator's pattern cannot run", () => {
    const problem = regexProblem('a{2000}', '')
    expect(problem).toBe('A counted repeat may be at most {1000}.')
    expect(contractIssueText(russian, problem!)).toBe(
      'Счётчик повторения может быть не больше {1000}.',
    )
  })

  it('stay as they are when the contract did not write them as messages', () => {
    expect(contractIssueText(russian, 'Something else.')).toBe('Something else.')
  })
})
