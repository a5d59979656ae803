import { Trans, useLingui } from '@lingui/react/macro'
import { Accordion, Badge, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { widgetRegistry } from '../../../../../widgets'
import { addField, type EditorDocument, type EditorField, type FieldSource } from './document'
import { FieldCard } from './FieldCard'
import { isAtOrUnder } from './problems'

type FieldsEditorProps = {
  document: EditorDocument
  onChange: (document: EditorDocument) => void
  problems: Record<string, string>
}

/** The item fields (shown from the data) and the annotation fields (filled in by workers). */
export function FieldsEditor(props: FieldsEditorProps) {
  const { t } = useLingui()
  return (
    <Stack gap="lg">
      <FieldSection
        {...props}
        source="item_schema"
        title={t`Item fields`}
        description={t`What each item shows, read from the uploaded data.`}
        addLabel={t`Add an item field`}
        emptyText={t`No fields yet.`}
      />
      <FieldSection
        {...props}
        source="annotation_schema"
        title={t`Annotation fields`}
        description={t`What workers fill in for each item.`}
        addLabel={t`Add an annotation field`}
        emptyText={t`No fields yet: add at least one for workers to fill in.`}
      />
    </Stack>
  )
}

function FieldSection({
  document,
  onChange,
  problems,
  source,
  title,
  description,
  addLabel,
  emptyText,
}: FieldsEditorProps & {
  source: FieldSource
  title: string
  description: string
  addLabel: string
  emptyText: string
}) {
  const { i18n } = useLingui()
  const entries = Object.entries(document[source]) as [string, EditorField][]
  // Panels are keyed by position, so a field being renamed keeps its panel (and the focus).
  const [opened, setOpened] = useState<string[]>([])
  const hasProblem = (name: string) =>
    Object.keys(problems).some((path) => isAtOrUnder(path, `${source}.${name}`))

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3} size="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => {
            onChange(addField(document, source))
            setOpened([...opened, String(entries.length)])
          }}
        >
          {addLabel}
        </Button>
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          {emptyText}
        </Text>
      ) : (
        <Accordion multiple variant="separated" value={opened} onChange={setOpened}>
          {entries.map(([name, field], index) => {
            const { row, column } = field.grid_placement
            return (
              <Accordion.Item key={String(index)} value={String(index)}>
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={500} ff="monospace">
                      {name}
                    </Text>
                    <Badge variant="light" color="gray">
                      {i18n._(widgetRegistry[field.widget.config.component].title)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      <Trans>
                        row {row}, column {column}
                      </Trans>
                    </Text>
                    {hasProblem(name) && (
                      <Badge color="red" variant="filled" size="sm">
                        <Trans>needs a fix</Trans>
                      </Badge>
                    )}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <FieldCard
                    document={document}
                    source={source}
                    name={name}
                    onChange={onChange}
                    problems={problems}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            )
          })}
        </Accordion>
      )}
    </Stack>
  )
}
