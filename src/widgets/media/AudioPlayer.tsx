import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, NativeSelect, Slider, Text } from '@mantine/core'
import {
  IconClockPlus,
  IconKeyboard,
  IconPlayerPause,
  IconPlayerPlay,
  IconRewindBackward5,
  IconRewindForward5,
  IconVolume,
} from '@tabler/icons-react'
import { type KeyboardEvent, useId, useRef } from 'react'
import type { Preferences } from '../../../contract/auth'
import { OnDemandTooltip } from '../../ui/OnDemandTooltip'
import { useProtectedSource } from './protected/useProtectedSource'
import { formatDuration, timeTag } from './time'
import { PLAYBACK_RATES, SEEK_STEP_SECONDS, useAudioPlayer } from './useAudioPlayer'

/** A plain file (an object URL), or protected audio (its media URL) played through MSE and EME. */
export type AudioSource = { src: string } | { protectedUrl: string }

type Props = {
  source: AudioSource
  /** Protected audio could not be loaded or decoded (no key, a broken file). */
  onPlaybackError: () => void
  itemId: number
  /** The player's name for assistive technology (the field label). */
  label: string
  preferences: Preferences
  seekingForward: boolean
  /** Inserts the current time as a tag into the item's text widget; absent hides the button. */
  onTimeTag?: (tag: string) => void
  onEnded: () => void
}

/**
 * The audio controls. The player itself is focusable and answers the shortcuts listed in its
 * help tooltip while it has the focus (not while a control inside it has, so a slider's own
 * arrow keys keep working).
 */
export function AudioPlayer({
  source,
  onPlaybackError,
  itemId,
  label,
  preferences,
  seekingForward,
  onTimeTag,
  onEnded,
}: Props) {
  const { t } = useLingui()
  const audio = useRef<HTMLAudioElement>(null)
  const shortcutsId = useId()
  const player = useAudioPlayer(audio, {
    itemId,
    seekingForward,
    overlappingPlayback: preferences.overlapping_playback,
    onEnded,
  })
  useProtectedSource(audio, 'protectedUrl' in source ? source.protectedUrl : null, onPlaybackError)
  const forwardBlocked = player.time >= player.limit - 0.01
  const clipTime = (seconds: number) => formatDuration(seconds, player.duration)

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return
    if (event.key === ' ' || event.key === 'k') player.toggle()
    else if (event.key === 'ArrowLeft') player.seekBy(-SEEK_STEP_SECONDS)
    else if (event.key === 'ArrowRight') player.seekBy(SEEK_STEP_SECONDS)
    else return
    event.preventDefault()
  }

  const shortcuts = [
    t`Space or K: play or pause`,
    t`Left arrow: back ${SEEK_STEP_SECONDS} seconds`,
    t`Right arrow: forward ${SEEK_STEP_SECONDS} seconds`,
  ]

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset cannot take the focus the shortcuts need.
    <div
      role="group"
      aria-label={t`Audio player: ${label}`}
      aria-describedby={shortcutsId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the player takes the focus for its shortcuts.
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={preferences.play_on_hover ? player.play : undefined}
      onMouseLeave={preferences.play_on_hover ? player.pause : undefined}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: worker recordings have no captions; transcribing them is the task. */}
      <audio ref={audio} src={'src' in source ? source.src : undefined} preload="auto" />
      <Group gap={6} wrap="wrap" align="center">
        <ActionIcon
          variant="filled"
          aria-label={player.playing ? t`Pause` : t`Play`}
          onClick={player.toggle}
        >
          {player.playing ? (
            <IconPlayerPause size={18} aria-hidden />
          ) : (
            <IconPlayerPlay size={18} aria-hidden />
          )}
        </ActionIcon>
        <ActionIcon
          variant="light"
          aria-label={t`Back ${SEEK_STEP_SECONDS} seconds`}
          onClick={() => player.seekBy(-SEEK_STEP_SECONDS)}
        >
          <IconRewindBackward5 size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="light"
          aria-label={t`Forward ${SEEK_STEP_SECONDS} seconds`}
          disabled={forwardBlocked}
          onClick={() => player.seekBy(SEEK_STEP_SECONDS)}
        >
          <IconRewindForward5 size={18} aria-hidden />
        </ActionIcon>
        <Slider
          style={{ flex: 1, minWidth: 120 }}
          min={0}
          max={Math.max(player.duration, 0.1)}
          step={0.1}
          value={player.time}
          onChange={player.seekTo}
          label={clipTime}
          thumbLabel={t`Position`}
          thumbValueText={clipTime}
        />
        <Text size="xs" c="dimmed" ff="monospace" aria-live="off">
          {clipTime(player.time)} / {clipTime(player.duration)}
        </Text>
      </Group>
      <Group gap={6} wrap="wrap" align="center" mt={4}>
        <NativeSelect
          size="xs"
          aria-label={t`Playback speed`}
          value={String(player.rate)}
          onChange={(event) => player.setRate(Number(event.currentTarget.value))}
          data={PLAYBACK_RATES.map((rate) => ({ value: String(rate), label: `${rate}×` }))}
        />
        <IconVolume size={16} aria-hidden />
        <Slider
          w={90}
          min={0}
          max={1}
          step={0.05}
          value={player.volume}
          onChange={player.setVolume}
          label={(volume) => `${Math.round(volume * 100)}%`}
          thumbLabel={t`Volume`}
        />
        {onTimeTag && (
          <OnDemandTooltip label={t`Insert the current time into the text you were typing`}>
            <ActionIcon
              variant="light"
              aria-label={t`Insert current time tag`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onTimeTag(timeTag(player.currentTime()))}
            >
              <IconClockPlus size={18} aria-hidden />
            </ActionIcon>
          </OnDemandTooltip>
        )}
        <OnDemandTooltip
          label={shortcuts.map((line) => <div key={line}>{line}</div>)}
          multiline
          withArrow
        >
          <ActionIcon variant="subtle" color="gray" aria-label={t`Keyboard shortcuts`}>
            <IconKeyboard size={18} aria-hidden />
          </ActionIcon>
        </OnDemandTooltip>
        <span id={shortcutsId} hidden>
          {shortcuts.join('. ')}
        </span>
      </Group>
    </div>
  )
}
