import { useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { SEVERITIES, type ValidatorRuleInput } from '../../../../../../contract/schema-rules'
import { ConditionEditor } from './ConditionEditor'
import { RULE_TYPES, type RuleType } from './document'

const COMPARE_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const

/** A rule of another type, keeping what every rule has (field, severity, message). */
export function ruleOfType(
  rule: Pick<ValidatorRuleInput, 'field' | 'severity' | 'message'>,
  type: RuleType,
  fields: string[],
): ValidatorRuleInput {
  const base = { field: rule.field, severity: rule.severity, message: rule.message }
  const other = fields.find((name) => name !== rule.field) ?? rule.field
  switch (type) {
    case 'required':
      return { ...base, type }
    case 'regex':
      return { ...base, type, pattern: '' }
    case 'min_length':
      return { ...base, type, value: 1 }
    case 'max_length':
      return { ...base, type, value: 100 }
    case 'allowed_values':
      return { ...base, type, values: [] }
    case 'requires':
      return { ...base, type, when: { field: other, not_empty: true } }
    case 'compare':
      return { ...base, type, operator: 'eq', other_field: other }
  }
}

type ValidatorCardProps = {
  rule: ValidatorRuleInput
  position: number
  annotationFields: string[]
  allFields: string[]
  onChange: (rule: ValidatorRuleInput) => void
  onRemove: () => void
  problemAt: (path: string) => string | undefined
}

/** One validator: its type, field and severity, then what the type needs. */
export function ValidatorCard(props: ValidatorCardProps) {
  const { rule, position, annotationFields, allFields, onChange, onRemove, problemAt } = props
  const { t } = useLingui()
  const typeLabels: Record<RuleType, string> = {
    required: t`Required`,
    regex: t`Matches a pattern`,
    min_length: t`Minimum length`,
    max_length: t`Maximum length`,
    allowed_values: t`One of the allowed values`,
    requires: t`Required when (another field…)`,
    compare: t`Compared with another field`,
  }
  const severityLabels = { error: t`Error`, warning: t`Warning`, info: t`Info` }
  const setMessage = (message: string) => {
    const { message: _, ...rest } = rule
    onChange(message.trim() ? { ...rest, message } : rest)
  }

  return (
    <Paper withBorder p="sm" role="group" aria-label={t`Rule ${position}`}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
            <Select
              label={t`Rule type`}
              data={RULE_TYPES.map((value) => ({ value, label: typeLabels[value] }))}
              value={rule.type}
              onChange={(type) => type && onChange(ruleOfType(rule, type as RuleType, allFields))}
              allowDeselect={false}
            />
            <Select
              label={t`Annotation field`}
              data={annotationFields}
              value={annotationFields.includes(rule.field) ? rule.field : null}
              placeholder={rule.field}
              onChange={(field) => field && onChange({ ...rule, field })}
              allowDeselect={false}
              error={problemAt('field')}
            />
            <Select
              label={t`Severity`}
              description={t`Errors stop an annotation from being done.`}
              data={SEVERITIES.map((value) => ({ value, label: severityLabels[value] }))}
              value={rule.severity ?? 'error'}
              onChange={(severity) =>
                severity && onChange({ ...rule, severity: severity as (typeof SEVERITIES)[number] })
              }
              allowDeselect={false}
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={24}
            aria-label={t`Remove rule ${position}`}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <RuleSpecifics {...props} />
        <TextInput
          label={t`Message`}
          description={t`Optional; replaces the default message.`}
          value={rule.message ?? ''}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={problemAt('message')}
        />
      </Stack>
    </Paper>
  )
}

/** The inputs only some rule types have. */
function RuleSpecifics({ rule, position, allFields, onChange, problemAt }: ValidatorCardProps) {
  const { t } = useLingui()
  const compareLabels = {
    eq: t`equal to`,
    ne: t`different from`,
    lt: t`less than`,
    lte: t`at most`,
    gt: t`greater than`,
    gte: t`at least`,
  }
  switch (rule.type) {
    case 'regex':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`Pattern (JavaScript regular expression)`}
            description={t`Checked in linear time: no backreferences, lookahead or lookbehind.`}
            value={rule.pattern}
            onChange={(event) => onChange({ ...rule, pattern: event.currentTarget.value })}
            error={problemAt('pattern')}
            ff="monospace"
          />
          <TextInput
            label={t`Flags`}
            description={t`i: ignore case; m: ^ and $ at line breaks; s: . matches line breaks; u: always on.`}
            value={rule.flags ?? ''}
            onChange={(event) => onChange({ ...rule, flags: event.currentTarget.value })}
            error={problemAt('flags')}
            maw={160}
          />
        </SimpleGrid>
      )
    case 'min_length':
    case 'max_length':
      return (
        <NumberInput
          label={t`Characters`}
          min={0}
          allowDecimal={false}
          value={rule.value}
          onChange={(value) => onChange({ ...rule, value: Number(value) || 0 })}
          error={problemAt('value')}
          maw={200}
        />
      )
    case 'allowed_values':
      return (
        <Group align="flex-end" grow>
          <TagsInput
            label={t`Allowed values`}
            description={t`Press Enter after each value.`}
            value={rule.values}
            onChange={(values) => onChange({ ...rule, values })}
            error={problemAt('values')}
            acceptValueOnBlur
          />
          <Switch
            label={t`Ignore case`}
            checked={rule.case_insensitive === true}
            onChange={(event) =>
              onChange({ ...rule, case_insensitive: event.currentTarget.checked })
            }
          />
        </Group>
      )
    case 'requires':
      return (
        <ConditionEditor
          label={t`Condition of rule ${position}`}
          condition={rule.when}
          fields={allFields}
          onChange={(when) => onChange({ ...rule, when })}
          problemAt={(path) => problemAt(path ? `when.${path}` : 'when')}
        />
      )
    case 'compare':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Must be`}
            data={COMPARE_OPERATORS.map((value) => ({ value, label: compareLabels[value] }))}
            value={rule.operator}
            onChange={(operator) =>
              operator &&
              onChange({ ...rule, operator: operator as (typeof COMPARE_OPERATORS)[number] })
            }
            allowDeselect={false}
          />
          <Select
            label={t`Other field`}
            data={allFields}
            value={allFields.includes(rule.other_field) ? rule.other_field : null}
            placeholder={rule.other_field}
            onChange={(other) => other && onChange({ ...rule, other_field: other })}
            allowDeselect={false}
            error={problemAt('other_field')}
          />
        </SimpleGrid>
      )
    default:
      return null
  }
}
