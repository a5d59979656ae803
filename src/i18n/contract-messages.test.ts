import { setupI18n } from '@lingui/core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { IdParamSchema } from '../../contract/common'
import { regexProblem } from '../../contract/schema-rules'
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
