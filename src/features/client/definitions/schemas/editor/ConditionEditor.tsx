import { useLingui } from '@lingui/react/macro'
import { Group, Select, TagsInput, TextInput } from '@mantine/core'
import type { Condition } from '../../../../../../contract/schema-rules'

const OPERATORS = ['equals', 'not_equals', 'in', 'empty', 'not_empty'] as const
type Operator = (typeof OPERATORS)[number]

const operatorOf = (condition: Condition): Operator =>
  OPERATORS.find((operator) => condition[operator] !== undefined) ?? 'equals'

/** A condition keeps its field and takes the operator's kind of value (none, text or a list). */
function withOperator(condition: Condition, operator: Operator): Condition {
  const { field } = condition
  const previous = operatorOf(condition)
  const text = previous === 'equals' || previous === 'not_equals' ? (condition[previous] ?? '') : ''
  if (operator === 'empty' || operator === 'not_empty') return { field, [operator]: true }
  if (operator === 'in') return { field, in: condition.in ?? (text ? [text] : []) }
  return { field, [operator]: text }
}

type ConditionEditorProps = {
  /** Names the inputs: 'Condition of rule 2'. */
  label: string
  condition: Condition
  fields: string[]
  onChange: (condition: Condition) => void
  problemAt: (path: string) => string | undefined
}

/** `{field, operator: value}`: when a field's value is, is not, is one of, is (not) empty. */
export function ConditionEditor({
  label,
  condition,
  fields,
  onChange,
  problemAt,
}: ConditionEditorProps) {
  const { t } = useLingui()
  const operator = operatorOf(condition)
  const labels: Record<Operator, string> = {
    equals: t`is`,
    not_equals: t`is not`,
    in: t`is one of`,
    empty: t`is empty`,
    not_empty: t`is not empty`,
  }
  return (
    <Group gap="xs" align="flex-start" grow role="group" aria-label={label}>
      <Select
        label={t`When field`}
        data={fields}
        value={fields.includes(condition.field) ? condition.field : null}
        placeholder={condition.field}
        onChange={(field) => field && onChange({ ...condition, field })}
        allowDeselect={false}
        error={problemAt('field')}
      />
      <Select
        label={t`Test`}
        data={OPERATORS.map((value) => ({ value, label: labels[value] }))}
        value={operator}
        onChange={(next) => next && onChange(withOperator(condition, next as Operator))}
        allowDeselect={false}
        error={problemAt('')}
      />
      {(operator === 'equals' || operator === 'not_equals') && (
        <TextInput
          label={t`Value`}
          value={condition[operator] ?? ''}
          onChange={(event) =>
            onChange({ field: condition.field, [operator]: event.currentTarget.value })
          }
          error={problemAt(operator)}
        />
      )}
      {operator === 'in' && (
        <TagsInput
          label={t`Values`}
          value={condition.in ?? []}
          onChange={(values) => onChange({ field: condition.field, in: values })}
          error={problemAt('in')}
          acceptValueOnBlur
        />
      )}
    </Group>
  )
}
