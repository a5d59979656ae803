import { Trans, useLingui } from '@lingui/react/macro'
import { Image, Modal, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import { resolveLabel } from '../label'
import type { WidgetProps } from '../types'
import { mediaValue } from '../values'
import { MediaFrame } from './MediaFrame'
import { useLazyMedia } from './useLazyMedia'

/** The image's box on the annotation screen, the whole width of the widget. */
const IMAGE_HEIGHT = 320
/**
 * A picture smaller than the box is enlarged up to this many times its size: a thumbnail becomes
 * legible without blurring into a box-sized smear, and stays centred in the box.
 */
const MAX_ENLARGEMENT = 3

type Size = { width: number; height: number }

/** The picture's size in the box: fitted into it, enlarged at most MAX_ENLARGEMENT times. */
function shownSize(natural: Size | null) {
  if (!natural) return { opacity: 0 }
  return {
    width: `min(${natural.width * MAX_ENLARGEMENT}px, 100%)`,
    height: `min(${natural.height * MAX_ENLARGEMENT}px, 100%)`,
  }
}

/** An image, fetched when near the viewport; a click (or Enter) shows it full size. */
export function ImageWidget({ name, config, value, mediaUrl }: WidgetProps) {
  const { t } = useLingui()
  const [zoomed, setZoomed] = useState(false)
  const [natural, setNatural] = useState<Size | null>(null)
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
            w="100%"
            h={IMAGE_HEIGHT}
            bg="var(--mantine-color-default-hover)"
            bdrs="sm"
            style={{
              cursor: 'zoom-in',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Image
              src={src}
              alt={alt}
              radius="sm"
              fit="contain"
              style={shownSize(natural)}
              onLoad={(event) => {
                const { naturalWidth: width, naturalHeight: height } = event.currentTarget
                setNatural({ width, height })
              }}
            />
          </UnstyledButton>
          <Modal opened={zoomed} onClose={() => setZoomed(false)} size="auto" title={alt} centered>
            <Image src={src} alt={alt} fit="contain" mah="85vh" />
          </Modal>
        </>
      )}
    </MediaFrame>
  )
}
