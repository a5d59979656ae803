import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useItemWidgets } from '../ItemContext'
import { resolveLabel } from '../label'
import type { WidgetProps } from '../types'
import { mediaValue } from '../values'
import { AudioPlayer } from './AudioPlayer'
import { MediaFrame } from './MediaFrame'
import { ProtectedAudioUnsupported } from './protected/ProtectedAudioUnsupported'
import { useProtectedAudioSupport } from './protected/useProtectedAudioSupport'
import { type MediaState, useLazyMedia } from './useLazyMedia'

/**
 * An audio sample, fetched when near the viewport. Protected (encrypted) audio plays through the
 * same controls; a browser that cannot play it says so instead. Playing it to the end is recorded: in the
 * annotation value (`audio_played_to_end`) when the field is an editable annotation field, else
 * reported through onAudioPlayedToEnd (an item's recording, whose value is not the worker's).
 */
export function AudioWidget({
  name,
  config,
  value,
  onChange,
  mediaUrl,
  preferences,
  itemId,
  onAudioPlayedToEnd,
}: WidgetProps) {
  const { t } = useLingui()
  const media = mediaValue(value)
  const { ref, state, src, protectedUrl } = useLazyMedia(
    media && mediaUrl ? mediaUrl(media.uuid) : null,
  )
  const supported = useProtectedAudioSupport(protectedUrl !== null)
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const items = useItemWidgets()
  const source = src
    ? { src }
    : protectedUrl && supported && failedUrl !== protectedUrl
      ? { protectedUrl }
      : null
  const frameState: MediaState =
    state !== 'loaded' || source ? state : supported === undefined ? 'loading' : 'error'

  const onEnded = () => {
    if (!media) return
    if (onChange) {
      // Other keys a stored value may carry are kept.
      const stored = typeof value === 'object' && value !== null ? value : {}
      if (!media.audio_played_to_end) onChange({ ...stored, ...media, audio_played_to_end: true })
    } else {
      onAudioPlayedToEnd?.(name)
    }
  }

  return (
    <MediaFrame
      config={config}
      state={frameState}
      frameRef={ref}
      loadingText={t`Loading the audio sample…`}
      errorText={
        supported === false ? (
          <ProtectedAudioUnsupported />
        ) : (
          <Trans>There was an error while fetching the audio sample.</Trans>
        )
      }
    >
      {source && (
        <AudioPlayer
          source={source}
          onPlaybackError={() => setFailedUrl(protectedUrl)}
          itemId={itemId}
          label={resolveLabel(config.label)?.text ?? name}
          preferences={preferences}
          seekingForward={config.enableSeekingForward === true}
          onTimeTag={
            config.showAudioCurrentTimeTag && items.editable ? items.insertIntoText : undefined
          }
          onEnded={onEnded}
        />
      )}
    </MediaFrame>
  )
}
