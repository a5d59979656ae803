import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import * as v from 'valibot'
import { FieldNameSchema } from '../../../../../../contract/schema-rules'
import {
  ANNOTATION_DATA_TYPES,
  type AnnotationDataType,
  GRID_COLUMNS,
  type GridPlacement,
  WIDGET_COMPONENTS,
  type WidgetComponent,
} from '../../../../../../contract/task-schema'
import { widgetRegistry } from '../../../../../widgets'
import {
  allFieldNames,
  changeComponent,
  type EditorDocument,
  type EditorField,
  type FieldSource,
  removeField,
  renameField,
  updateField,
} from './document'
import { problemsUnder } from './problems'
import { WidgetConfigEditor } from './WidgetConfigEditor'

type FieldCardProps = {
  document: EditorDocument
  source: FieldSource
  name: string
  onChange: (document: EditorDocument) => void
  problems: Record<string, string>
}

/** Everything about one field: name, widget and its settings, grid placement, data type. */
export function FieldCard({ document, source, name, onChange, problems }: FieldCardProps) {
  const { t, i18n } = useLingui()
  const field = document[source][name] as EditorField
  const at = problemsUnder(problems, `${source}.${name}`)
  const save = (next: EditorField) => onChange(updateField(document, source, name, next))
  const setPlacement = (key: keyof GridPlacement, value: number | string) =>
    save({ ...field, grid_placement: { ...field.grid_placement, [key]: Number(value) || 0 } })

  const placements: { key: keyof GridPlacement; label: string; min: number; max?: number }[] = [
    { key: 'row', label: t`Row`, min: 0 },
    { key: 'column', label: t`Column`, min: 0 },
    { key: 'col_width', label: t`Width (of ${GRID_COLUMNS})`, min: 1, max: GRID_COLUMNS },
    { key: 'col_offset', label: t`Offset`, min: 0, max: GRID_COLUMNS - 1 },
  ]

  return (
    <Stack gap="sm" role="group" aria-label={t`Field ${name}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FieldNameInput
          document={document}
          name={name}
          problem={at('')}
          onRename={(to) => onChange(renameField(document, source, name, to))}
        />
        <Select
          label={t`Widget`}
          data={WIDGET_COMPONENTS.map((component) => ({
            value: component,
            label: i18n._(widgetRegistry[component].title),
          }))}
          value={field.widget.config.component}
          onChange={(component) =>
            component && save(changeComponent(field, component as WidgetComponent))
          }
          allowDeselect={false}
          error={at('widget.config.component')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {placements.map((placement) => (
          <NumberInput
            key={placement.key}
            label={placement.label}
            min={placement.min}
            max={placement.max}
            allowDecimal={false}
            value={field.grid_placement[placement.key]}
            onChange={(value) => setPlacement(placement.key, value)}
            error={at(`grid_placement.${placement.key}`)}
          />
        ))}
      </SimpleGrid>
      {'data_type' in field && (
        <Select
          label={t`Data type`}
          description={t`How the answer is stored and checked; a checkbox stores a bool.`}
          data={[...ANNOTATION_DATA_TYPES]}
          value={field.data_type}
          onChange={(dataType) =>
            dataType && save({ ...field, data_type: dataType as AnnotationDataType })
          }
          allowDeselect={false}
          error={at('data_type')}
          maw={240}
        />
      )}
      <WidgetConfigEditor
        fieldName={name}
        config={field.widget.config}
        onChange={(config) => save({ ...field, widget: { ...field.widget, config } })}
        problemAt={(path) => at(`widget.config.${path}`)}
      />
      <Group justify="flex-end">
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => onChange(removeField(document, source, name))}
        >
          <Trans>Remove field {name}</Trans>
        </Button>
      </Group>
    </Stack>
  )
}

/**
 * The field's name. A name that is empty, malformed or taken is kept here with its error and
 * not applied, so renaming never merges two fields.
 */
function FieldNameInput({
  document,
  name,
  problem,
  onRename,
}: {
  document: EditorDocument
  name: string
  problem?: string
  onRename: (to: string) => void
}) {
  const { t } = useLingui()
  const [draft, setDraft] = useState<string | null>(null)
  const shown = draft ?? name
  let draftProblem: string | undefined
  if (draft !== null && draft !== name) {
    if (!v.is(FieldNameSchema, draft)) {
      draftProblem = t`Use lower-case letters, digits and _, starting with a letter.`
    } else if (allFieldNames(document).includes(draft)) {
      draftProblem = t`Another field already has this name.`
    }
  }

  return (
    <TextInput
      label={t`Field name`}
      description={t`The key in the item data and the results.`}
      value={shown}
      onChange={(event) => {
        const next = event.currentTarget.value
        setDraft(next)
        if (
          next !== name &&
          v.is(FieldNameSchema, next) &&
          !allFieldNames(document).includes(next)
        ) {
          onRename(next)
          setDraft(null)
        }
      }}
      error={draftProblem ?? problem}
    />
  )
}
