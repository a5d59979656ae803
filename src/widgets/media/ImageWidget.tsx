import { Trans, useLingui } from '@lingui/react/macro'
import { Image, Modal, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import { resolveLabel } from '../label'
import type { WidgetProps } from '../types'
import { mediaValue } from '../values'
import { MediaFrame } from './MediaFrame'
import { useLazyMedia } from './useLazyMedia'

/** The image's box on the annotation screen; the picture is fitted into it, never enlarged. */
const IMAGE_HEIGHT = 320

/** An image, fetched when near the viewport; a click (or Enter) shows it full size. */
export function ImageWidget({ name, config, value, mediaUrl }: WidgetProps) {
  const { t } = useLingui()
  const [zoomed, setZoomed] = useState(false)
  const media = mediaValue(value)
  const { ref, state, src } = useLazyMedia(media && mediaUrl ? mediaUrl(media.uuid) : null)
  const alt = resolveLabel(config.label)?.text ?? name

  return (
    <MediaFrame
      config={config}
      state={state}
      frameRef={ref}
      reservedHeight={IMAGE_HEIGHT}
      loadingText={t`Loading the image…`}
      errorText={<Trans>There was an error while fetching the image.</Trans>}
    >
      {src && (
        <>
          <UnstyledButton
            aria-label={t`Zoom image: ${alt}`}
            onClick={() => setZoomed(true)}
            style={{ cursor: 'zoom-in' }}
          >
            <Image src={src} alt={alt} radius="sm" h={IMAGE_HEIGHT} fit="scale-down" />
          </UnstyledButton>
          <Modal opened={zoomed} onClose={() => setZoomed(false)} size="auto" title={alt} centered>
            <Image src={src} alt={alt} fit="contain" mah="85vh" />
          </Modal>
        </>
      )}
    </MediaFrame>
  )
}
