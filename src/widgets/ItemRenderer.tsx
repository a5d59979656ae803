import { Grid, Stack } from '@mantine/core'
import { useMemo, useRef } from 'react'
import type { Preferences } from '../../contract/auth'
import {
  evaluateValidators,
  type Messages,
  type ValidationResult,
  visibleRows,
} from '../../contract/schema-rules'
import { GRID_COLUMNS, layoutRows, type TaskSchemaDocument } from '../../contract/task-schema'
import { usePhoneLayout } from '../ui/use-screen-width'
import { FieldMessages } from './FieldMessages'
import { ItemWidgetsProvider } from './ItemContext'
import { widgetRegistry } from './registry'
import type { MediaUrlBuilder, WidgetLanguage } from './types'

export type AnnotationValues = Record<string, unknown>

export type ItemRendererProps = {
  schema: TaskSchemaDocument
  item: { id: number; data: Record<string, unknown> }
  /** The annotation's data. */
  value: AnnotationValues
  /** Gets the whole new annotation data and the field that changed; without it all is read-only. */
  onChange?: (value: AnnotationValues, field: string) => void
  /** The annotation's errors, warnings and info per field, as the server last returned them. */
  messages?: Partial<ValidationResult>
  /**
   * Runs the schema's validators here on every change and shows their messages instead of
   * `messages`: instant feedback, offline too. The server runs the same rules on save.
   */
  validateLocally?: boolean
  /**
   * The fields whose messages show, or 'all'; without it every message shows. A field the user
   * has not touched yet shows none, so a fresh item is not covered in red before any answer.
   */
  touched?: ReadonlySet<string> | 'all'
  mediaUrl?: MediaUrlBuilder
  language?: WidgetLanguage
  preferences: Preferences
  /** Told when an item audio (not an annotation field) has been played to its end. */
  onAudioPlayedToEnd?: (name: string) => void
}

const NO_MESSAGES: Messages = {}

/** The messages of the touched fields only. */
function messagesOfTouched(
  result: Partial<ValidationResult> | undefined,
  touched: ReadonlySet<string> | 'all',
): ValidationResult {
  const only = (messages: Messages = NO_MESSAGES) =>
    touched === 'all'
      ? messages
      : Object.fromEntries(Object.entries(messages).filter(([field]) => touched.has(field)))
  return {
    errors: only(result?.errors),
    warnings: only(result?.warnings),
    info: only(result?.info),
  }
}

/**
 * Draws one item from its schema: rows in order on a 12-column grid, each field at its width
 * after its offset, item fields read-only from the item data and annotation fields editing
 * `value`. Rows hidden by rows_visibility (over item and annotation values together) are left
 * out and come back as the values change. On narrow screens every field takes the full width.
 */
export function ItemRenderer({
  schema,
  item,
  value,
  onChange,
  messages,
  validateLocally = false,
  touched = 'all',
  mediaUrl,
  language,
  preferences,
  onAudioPlayedToEnd,
}: ItemRendererProps) {
  const mobile = usePhoneLayout()
  const rows = useMemo(() => layoutRows(schema), [schema])
  const shown = visibleRows(schema, { ...item.data, ...value })
  const local = useMemo(
    () => (validateLocally ? evaluateValidators(schema, value, item.data) : null),
    [validateLocally, schema, value, item.data],
  )
  const { errors, warnings, info } = useMemo(
    () => messagesOfTouched(local ?? messages, touched),
    [local, messages, touched],
  )

  // Two fields may change before the parent re-renders (a time tag typed into one while another
  // is edited): each change builds on the last one sent, not on a stale prop.
  const latest = useRef(value)
  latest.current = value
  const changeField = (name: string, fieldValue: unknown) => {
    if (!onChange) return
    const next = { ...latest.current, [name]: fieldValue }
    latest.current = next
    onChange(next, name)
  }

  return (
    <ItemWidgetsProvider editable={onChange !== undefined}>
      <Stack gap="md">
        {rows
          .filter(({ row }) => shown.has(row))
          .map(({ row, cells }) => (
            <Grid key={row} columns={GRID_COLUMNS} data-row={row}>
              {cells.map(({ name, source, field }) => {
                const { component: Widget } = widgetRegistry[field.widget.config.component]
                const { col_width: width, col_offset: offset } = field.grid_placement
                const editing = source === 'annotation' && onChange !== undefined
                const span = mobile ? GRID_COLUMNS : width
                const shift = mobile ? 0 : offset
                return (
                  <Grid.Col
                    key={name}
                    span={span}
                    offset={shift}
                    data-field={name}
                    data-span={span}
                    data-offset={shift}
                  >
                    <Widget
                      name={name}
                      config={field.widget.config}
                      value={source === 'item' ? item.data[name] : value[name]}
                      onChange={editing ? (next) => changeField(name, next) : undefined}
                      readOnly={!editing}
                      invalid={source === 'annotation' && (errors[name]?.length ?? 0) > 0}
                      mediaUrl={mediaUrl}
                      language={language}
                      preferences={preferences}
                      itemId={item.id}
                      onAudioPlayedToEnd={onAudioPlayedToEnd}
                    />
                    {source === 'annotation' && (
                      <FieldMessages
                        messages={{
                          error: errors[name],
                          warning: warnings[name],
                          info: info[name],
                        }}
                      />
                    )}
                  </Grid.Col>
                )
              })}
            </Grid>
          ))}
      </Stack>
    </ItemWidgetsProvider>
  )
}
