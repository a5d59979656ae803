import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Box, Stack, Text } from '@mantine/core'
import { IconClockExclamation, IconDatabaseExclamation } from '@tabler/icons-react'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Preferences } from '../../../contract/auth'
import { useOutboxStatus, useStorageWarning } from '../../offline/hooks'
import { DrawnInTransition } from '../../ui/deferred/drawn-in-transition'
import { AfterFirstPagePainted } from '../../ui/deferred/page-settled'
import { ProgressiveList } from '../../ui/deferred/progressive-list'
import { RouterButton } from '../../ui/links'
import { replayItemAudio, toggleItemAudio } from '../../widgets'
import { preferencesQuery } from '../auth/queries'
import { FinishSetPanel } from '../tasks/FinishSetPanel'
import { countsAsDone, effectiveAnnotation } from './effective'
import { useFinishingSets } from './finish'
import { ItemCard } from './ItemCard'
import { ItemSetHeader } from './ItemSetHeader'
import { widgetLanguage } from './language'
import { needsProtocolRead, protocolConfirmRoute } from './loaders'
import { OfflineCopyStatus } from './OfflineCopyStatus'
import { itemSetQuery } from './queries'
import { SaveRefusedAlert } from './SaveRefusedAlert'
import { SyncIndicator } from './SyncIndicator'
import { ShortcutsHelp, useAnnotationShortcuts } from './shortcuts'
import { endsTheLock, rejectedAnnotation } from './sync'
import { useAnnotationEditor } from './useAnnotationEditor'
import { useOfflineCopy } from './useOfflineCopy'

/**
 * The screen's first render draws the set's header only; the cards follow a few at a time, each
 * few in a task of its own, so a phone's main thread is never held while the widgets of a whole
 * set are built. Until they are all drawn an empty block holds their place, so the footer does
 * not show and then jump down (empty, so that it moving with the header counts as no layout shift).
 */
const CARDS_PER_STEP = 2

/** Holds the place of what is not drawn yet, so the footer stays out of view until it is. */
const PLACE_HOLDER = <Box h="100dvh" aria-hidden />

const NO_PREFERENCES: Preferences = {
  play_on_hover: false,
  overlapping_playback: false,
  stt_end_after_no_speech: false,
}

/**
 * The annotation screen as its route shows it: the set's header and cards are drawn in a
 * transition after the router's synchronous commit (DrawnInTransition), so that commit holds the
 * frame's changes only.
 */
export function AnnotationScreen({ itemSetId }: { itemSetId: number }) {
  return (
    <DrawnInTransition placeholder={PLACE_HOLDER}>
      <AnnotationPage itemSetId={itemSetId} />
    </DrawnInTransition>
  )
}

/**
 * The annotation screen (`/tasks/{taskId}/{itemSetId}`): every item of the set with its widgets,
 * saved as the worker goes, working the same offline. The route's loader has the set and its
 * drafts ready, from the server or from the device.
 */
export function AnnotationPage({ itemSetId }: { itemSetId: number }) {
  const { t } = useLingui()
  const { data: view } = useSuspenseQuery(itemSetQuery(itemSetId))
  const editor = useAnnotationEditor(view)
  const { change, setDone, audioPlayedToEnd, drafts, refusedDone } = editor
  const actions = useMemo(
    () => ({ change, setDone, audioPlayedToEnd }),
    [change, setDone, audioPlayedToEnd],
  )
  const preferences = useQuery(preferencesQuery()).data ?? NO_PREFERENCES
  const copy = useOfflineCopy(view)
  const storage = useStorageWarning()
  const rejections = useOutboxStatus().rejections.filter(
    (rejection) => rejectedAnnotation(rejection)?.itemSetId === view.id,
  )
  const language = useMemo(() => widgetLanguage(view.task), [view.task])
  const lockEnded = rejections.some(endsTheLock)
  const finishing = useFinishingSets().has(view.id)
  const editable = !view.expired && !lockEnded && !finishing

  // A new protocol version may show up while the screen is open (the set is fetched again).
  const navigate = useNavigate()
  useEffect(() => {
    if (needsProtocolRead(view)) void navigate(protocolConfirmRoute(view))
  }, [view, navigate])

  const [active, setActive] = useState(0)
  const cards = useRef(new Map<number, HTMLElement>())
  const register = useCallback((index: number, element: HTMLElement | null) => {
    if (element) cards.current.set(index, element)
    else cards.current.delete(index)
  }, [])

  const annotations = view.items.map((item) => effectiveAnnotation(item, drafts[item.id]))
  const done = view.items.filter((item, index) =>
    countsAsDone(view.schema, item, annotations[index]!),
  ).length
  const activeItem = view.items[active]

  const moveTo = (index: number) => {
    const target = Math.min(view.items.length - 1, Math.max(0, index))
    setActive(target)
    const card = cards.current.get(target)
    card?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    card?.focus({ preventScroll: true })
  }
  useAnnotationShortcuts({
    next: () => moveTo(active + 1),
    previous: () => moveTo(active - 1),
    done: () => {
      const annotation = annotations[active]
      if (!activeItem || !annotation || !editable) return
      setDone(activeItem.id, !annotation.is_done)
    },
    play: () => activeItem && toggleItemAudio(activeItem.id),
    replay: () => activeItem && replayItemAudio(activeItem.id),
  })

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <ItemSetHeader
        view={view}
        done={done}
        offline={(compact) => <OfflineCopyStatus copy={copy} compact={compact} />}
        tools={<ShortcutsHelp />}
        sync={
          <AfterFirstPagePainted>
            <SyncIndicator />
          </AfterFirstPagePainted>
        }
        lockEnded={lockEnded}
        alert={<SaveRefusedAlert rejections={rejections} />}
      />
      {storage?.nearlyFull && (
        <Alert color="orange" icon={<IconDatabaseExclamation aria-hidden />}>
          <Trans>
            Storage on this device is nearly full. Sync your work and free some space, or the
            offline copies of your work may be lost.
          </Trans>
        </Alert>
      )}
      {view.expired && rejections.length === 0 && (
        <Alert
          color="yellow"
          icon={<IconClockExclamation aria-hidden />}
          title={t`The lock of this item set has expired`}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>
                Only your saved items are shown, and they can no longer be changed. Take new work to
                go on.
              </Trans>
            </Text>
            <RouterButton to="/tasks" size="xs">
              <Trans>Take new work</Trans>
            </RouterButton>
          </Stack>
        </Alert>
      )}
      {view.items.length === 0 && !view.expired && (
        <Text c="dimmed">
          <Trans>This item set has no items.</Trans>
        </Text>
      )}
      {finishing && <FinishSetPanel view={view} done={done} finishing />}
      <ProgressiveList total={view.items.length} step={CARDS_PER_STEP} pending={PLACE_HOLDER}>
        {(drawn) => (
          <>
            {view.items.slice(0, drawn).map((item, index) => (
              <ItemCard
                key={item.id}
                itemSetId={view.id}
                item={item}
                index={index}
                schema={view.schema}
                draft={drafts[item.id]}
                doneRefused={refusedDone.has(item.id)}
                editable={editable}
                active={index === active}
                onActivate={setActive}
                editor={actions}
                language={language}
                preferences={preferences}
                register={register}
              />
            ))}
            {drawn === view.items.length && !finishing && (
              <FinishSetPanel view={view} done={done} finishing={false} />
            )}
          </>
        )}
      </ProgressiveList>
    </Stack>
  )
}
