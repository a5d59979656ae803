import { describe, expect, it } from 'vitest'
import { fillIntervalRule, INTERVAL_RULE_TEXT } from '../../../contract/worktime-rules'
import { i18n } from '../../i18n/i18n'
import { INTERVAL_RULE, INTERVAL_RULE_VALUES } from './interval-rule'

describe('the interval rule shown to workers', () => {
  it('says what the contract says, with the same figures', () => {
    expect(INTERVAL_RULE.message).toBe(INTERVAL_RULE_TEXT)
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    expect(i18n._({ ...INTERVAL_RULE, values: INTERVAL_RULE_VALUES })).toBe(
      fillIntervalRule(INTERVAL_RULE_TEXT),
    )
  })
})
