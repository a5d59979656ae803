import { Trans, useLingui } from '@lingui/react/macro'
import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core'
import { memo, useCallback, useMemo } from 'react'
import type { Preferences } from '../../../contract/auth'
import { evaluateValidators } from '../../../contract/schema-rules'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import type { WorkerItem } from '../../../contract/worker'
import { ItemRenderer, type WidgetLanguage } from '../../widgets'
import { doneBlockers, effectiveAnnotation, itemStatus, type LocalDraft } from './effective'
import { ItemStatusBadge } from './ItemStatusBadge'
import { itemMediaUrl } from './offline-files'
import type { AnnotationEditor } from './useAnnotationEditor'

type ItemCardProps = {
  itemSetId: number
  item: WorkerItem
  index: number
  schema: TaskSchemaDocument
  draft: LocalDraft | undefined
  /** Done was asked for while the item had errors: they all show, touched or not. */
  doneRefused: boolean
  /** False once the lock expired: the saved items are shown read-only. */
  editable: boolean
  active: boolean
  onActivate: (index: number) => void
  editor: Pick<AnnotationEditor, 'change' | 'setDone' | 'audioPlayedToEnd'>
  language: WidgetLanguage
  preferences: Preferences
  /** Told the card's element (null when it goes), so shortcuts can bring it into view. */
  register: (index: number, element: HTMLElement | null) => void
}

/**
 * One item of the set: its widgets, its status and its Done switch. Memoized, so typing in one
 * item does not redraw the others.
 */
export const ItemCard = memo(function ItemCard({
  itemSetId,
  item,
  index,
  schema,
  draft,
  doneRefused,
  editable,
  active,
  onActivate,
  editor,
  language,
  preferences,
  register,
}: ItemCardProps) {
  const { t } = useLingui()
  const annotation = effectiveAnnotation(item, draft)
  // A local edit (or no answer yet) is checked here at once, offline too; the server runs the
  // same rules on save.
  const checkedHere = annotation.unsynced || !annotation.exists
  const localCheck = useMemo(
    () => (checkedHere ? evaluateValidators(schema, annotation.data, item.data) : null),
    [checkedHere, annotation.data, schema, item.data],
  )
  const status = itemStatus(item, annotation, localCheck?.errors ?? {})
  const blockers = useMemo(() => doneBlockers(schema, item, annotation), [schema, item, annotation])
  const fieldsInError = blockers.join(', ')
  // Messages show for the fields answered (kept with the answer, so a reload shows the same),
  // and for all of them once Done was asked for: a fresh item is not covered in red.
  const revealed = doneRefused || annotation.is_done
  const touched = useMemo(
    () => (revealed ? 'all' : new Set(Object.keys(annotation.data))),
    [revealed, annotation.data],
  )
  const reasonShown = revealed && blockers.length > 0
  const mediaUrl = useCallback(
    (uuid: string) => itemMediaUrl(itemSetId, item.id, uuid),
    [itemSetId, item.id],
  )
  const cardRef = useCallback(
    (element: HTMLElement | null) => register(index, element),
    [register, index],
  )
  const titleId = `item-${item.id}-title`
  const doneReasonId = `item-${item.id}-done-reason`

  return (
    <Card
      ref={cardRef}
      component="section"
      aria-labelledby={titleId}
      aria-current={active ? 'true' : undefined}
      tabIndex={-1}
      withBorder
      shadow={active ? 'md' : undefined}
      padding="md"
      onFocusCapture={() => onActivate(index)}
      onPointerDown={() => onActivate(index)}
      style={{
        borderColor: active ? 'var(--mantine-color-blue-5)' : undefined,
        // Brought into view below what stays in view above it (app-frame.css).
        scrollMarginTop: 'var(--item-card-scroll-margin)',
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4" id={titleId}>
              <Trans>Item #{item.id}</Trans>
            </Title>
            <ItemStatusBadge status={status} unsynced={annotation.unsynced} />
          </Group>
          <Stack gap={2} align="flex-end">
            <Switch
              label={t`Done`}
              checked={annotation.is_done}
              disabled={!editable}
              aria-describedby={reasonShown ? doneReasonId : undefined}
              onChange={(event) => editor.setDone(item.id, event.currentTarget.checked)}
            />
            {reasonShown && (
              <Text id={doneReasonId} size="xs" c="red" ta="right">
                {t`Fix the errors first: ${fieldsInError}`}
              </Text>
            )}
          </Stack>
        </Group>
        <ItemRenderer
          schema={schema}
          item={item}
          value={annotation.data}
          onChange={editable ? (data, field) => editor.change(item.id, data, field) : undefined}
          messages={localCheck ?? item.annotation ?? undefined}
          touched={touched}
          mediaUrl={mediaUrl}
          language={language}
          preferences={preferences}
          onAudioPlayedToEnd={
            editable ? (field) => editor.audioPlayedToEnd(item.id, field) : undefined
          }
        />
      </Stack>
    </Card>
  )
})
