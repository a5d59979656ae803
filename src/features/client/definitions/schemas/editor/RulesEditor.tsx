import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { layoutRowNumbers } from '../../../../../../contract/schema-rules'
import { ConditionEditor } from './ConditionEditor'
import { allFieldNames, type EditorDocument } from './document'
import { problemsUnder } from './problems'
import { ruleOfType, ValidatorCard } from './ValidatorCard'

type RulesEditorProps = {
  document: EditorDocument
  onChange: (document: EditorDocument) => void
  problems: Record<string, string>
}

/** The validators the server runs on every annotation save (and the worker's screen live). */
export function ValidatorsEditor({ document, onChange, problems }: RulesEditorProps) {
  const annotationFields = Object.keys(document.annotation_schema)
  const allFields = allFieldNames(document)
  const setRules = (validators: EditorDocument['validators']) =>
    onChange({ ...document, validators })

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>
          Rules checked whenever a worker saves an annotation. Errors stop it from being done;
          warnings and info are shown only.
        </Trans>
      </Text>
      {document.validators.map((rule, index) => (
        <ValidatorCard
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity but their place.
          key={index}
          rule={rule}
          position={index + 1}
          annotationFields={annotationFields}
          allFields={allFields}
          onChange={(next) => setRules(replaceAt(document.validators, index, next))}
          onRemove={() => setRules(document.validators.filter((_, at) => at !== index))}
          problemAt={problemsUnder(problems, `validators.${index}`)}
        />
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={annotationFields.length === 0}
          onClick={() =>
            setRules([
              ...document.validators,
              ruleOfType({ field: annotationFields[0] ?? '' }, 'required', allFields),
            ])
          }
        >
          <Trans>Add a rule</Trans>
        </Button>
      </Group>
    </Stack>
  )
}

/** rows_visibility: a row shows only while all of its conditions hold. */
export function RowsVisibilityEditor({ document, onChange, problems }: RulesEditorProps) {
  const rows = layoutRowNumbers(document as Parameters<typeof layoutRowNumbers>[0])
  const allFields = allFieldNames(document)
  const setRules = (rows_visibility: EditorDocument['rows_visibility']) =>
    onChange({ ...document, rows_visibility })

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>
          Hide a row of the layout unless a condition on the field values holds. A row with several
          conditions shows only while all of them hold.
        </Trans>
      </Text>
      {document.rows_visibility.map((rule, index) => (
        <VisibilityRuleCard
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity but their place.
          key={index}
          rule={rule}
          position={index + 1}
          rows={rows}
          fields={allFields}
          onChange={(next) => setRules(replaceAt(document.rows_visibility, index, next))}
          onRemove={() => setRules(document.rows_visibility.filter((_, at) => at !== index))}
          problemAt={problemsUnder(problems, `rows_visibility.${index}`)}
        />
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={rows.length === 0}
          onClick={() =>
            setRules([
              ...document.rows_visibility,
              {
                row: rows[rows.length - 1] ?? 0,
                when: { field: allFields[0] ?? '', not_empty: true },
              },
            ])
          }
        >
          <Trans>Add a visibility rule</Trans>
        </Button>
      </Group>
    </Stack>
  )
}

const replaceAt = <T,>(list: readonly T[], index: number, item: T): T[] =>
  list.map((old, at) => (at === index ? item : old))

type VisibilityRule = EditorDocument['rows_visibility'][number]

function VisibilityRuleCard({
  rule,
  position,
  rows,
  fields,
  onChange,
  onRemove,
  problemAt,
}: {
  rule: VisibilityRule
  position: number
  rows: number[]
  fields: string[]
  onChange: (rule: VisibilityRule) => void
  onRemove: () => void
  problemAt: (path: string) => string | undefined
}) {
  const { t } = useLingui()
  return (
    <Paper withBorder p="sm" role="group" aria-label={t`Visibility rule ${position}`}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap="xs" style={{ flex: 1 }}>
          <NumberInput
            label={t`Show row`}
            description={t`Rows in use: ${rows.join(', ')}`}
            min={0}
            allowDecimal={false}
            value={rule.row}
            onChange={(value) => onChange({ ...rule, row: Number(value) || 0 })}
            error={problemAt('row')}
            maw={200}
          />
          <ConditionEditor
            label={t`Condition of visibility rule ${position}`}
            condition={rule.when}
            fields={fields}
            onChange={(when) => onChange({ ...rule, when })}
            problemAt={(path) => problemAt(path ? `when.${path}` : 'when')}
          />
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          mt={24}
          aria-label={t`Remove visibility rule ${position}`}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  )
}
