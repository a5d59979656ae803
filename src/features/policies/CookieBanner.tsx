import { Trans, useLingui } from '@lingui/react/macro'
import {
  Anchor,
  Box,
  Button,
  CloseButton,
  FocusTrap,
  Group,
  Overlay,
  Paper,
  Text,
  Title,
} from '@mantine/core'
import { useId } from 'react'
import { openPolicyPreview } from './preview-store'

/**
 * The cookie notice, a modal dialog over the page. Esc and a click outside do not dismiss it; its
 * close button does, and that counts as acceptance, like 'I understand'.
 *
 * It is built from the parts the sign-in page already loads rather than Mantine's Modal: it is
 * the first thing a new visitor sees, and the Modal's code (portal, scroll lock, transitions)
 * would come as a second download after the start-up script, delaying it by a second on a slow
 * phone connection.
 */
export function CookieBanner({ opened, onAccept }: { opened: boolean; onAccept: () => void }) {
  const { t } = useLingui()
  const titleId = useId()
  if (!opened) return null
  return (
    <>
      <Overlay fixed backgroundOpacity={0.6} zIndex={200} />
      <Box pos="fixed" top="5dvh" left={0} right={0} px="md" style={{ zIndex: 201 }}>
        <FocusTrap active>
          <Paper
            role="dialog"
            aria-modal
            aria-labelledby={titleId}
            shadow="xl"
            radius="md"
            p="md"
            maw={440}
            mx="auto"
          >
            <Group justify="space-between" wrap="nowrap" mb="md">
              <Title order={2} id={titleId} fz="md" fw={400} lh={1}>
                {t`Our website uses cookies`}
              </Title>
              <CloseButton aria-label={t`Close and accept cookies`} onClick={onAccept} />
            </Group>
            <Text>
              <Trans>
                We use only the cookies the platform needs to work: they keep you signed in, protect
                your requests and remember your settings.
              </Trans>
            </Text>
            <Anchor
              component="button"
              type="button"
              mt="xs"
              onClick={() => openPolicyPreview('cookie-policy')}
            >
              <Trans>Read the cookie policy</Trans>
            </Anchor>
            <Group justify="flex-end" mt="lg">
              <Button onClick={onAccept}>
                <Trans>I understand</Trans>
              </Button>
            </Group>
          </Paper>
        </FocusTrap>
      </Box>
    </>
  )
}
