import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'

type RowListEditorProps<T> = {
  /** Names the group for screen readers. */
  label: string
  /** The visible title above the rows. */
  title: ReactNode
  rows: T[]
  onChange: (rows: T[]) => void
  /** The inputs of a row; `position` counts from 1, for their labels. */
  renderRow: (row: T, index: number, position: number) => ReactNode
  /** Labels the remove button of the row at `position`. */
  removeLabel: (position: number) => string
  addLabel: ReactNode
  emptyRow: () => T
  error?: string
}

/** Rows of inputs, each with a remove button, and a button adding an empty row. */
export function RowListEditor<T>({
  label,
  title,
  rows,
  onChange,
  renderRow,
  removeLabel,
  addLabel,
  emptyRow,
  error,
}: RowListEditorProps<T>) {
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {rows.map((row, index) => {
        const position = index + 1
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            {renderRow(row, index, position)}
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={removeLabel(position)}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )
      })}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...rows, emptyRow()])}
        >
          {addLabel}
        </Button>
      </Group>
    </Stack>
  )
}
