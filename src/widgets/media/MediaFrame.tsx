import { Group, Loader, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { WidgetConfig } from '../../../contract/task-schema'
import { resolveLabel } from '../label'
import { LabelHint } from '../WidgetLabel'
import { MediaError } from './MediaError'
import type { MediaState } from './useLazyMedia'

type Props = {
  config: WidgetConfig
  state: MediaState
  /** Shown while loading, for assistive technology and as the loader's text. */
  loadingText: string
  /** The spec's failure text. */
  errorText: ReactNode
  /** Takes the frame's element, so loading starts as it nears the viewport. */
  frameRef: (element: HTMLDivElement | null) => void
  /**
   * The height the loaded media takes, kept by the loading state too, so that nothing below the
   * widget moves when the media arrives (a layout shift under the annotator's finger).
   */
  reservedHeight?: number
  children: ReactNode
}

/**
 * What the audio and image widgets share: the label (with its hint), and the loading and failure
 * states around the loaded media.
 */
export function MediaFrame({
  config,
  state,
  loadingText,
  errorText,
  frameRef,
  reservedHeight,
  children,
}: Props) {
  const label = resolveLabel(config.label)
  return (
    <Stack ref={frameRef} gap={4} data-media-state={state} aria-busy={state === 'loading'}>
      {label && (
        <Text component="div" size="sm" fw={500}>
          <span className={label.className} style={label.style}>
            {label.text}
          </span>{' '}
          {label.hint && <LabelHint hint={label.hint} />}
        </Text>
      )}
      {state === 'loading' && (
        <Group gap={6} h={reservedHeight} justify={reservedHeight ? 'center' : undefined}>
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {loadingText}
          </Text>
        </Group>
      )}
      {state === 'error' && <MediaError>{errorText}</MediaError>}
      {state === 'loaded' && children}
    </Stack>
  )
}
