import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal } from '@mantine/core'
import type { PolicyKind } from '../auth/queries'
import { ModalFooter } from './ModalFooter'
import { PolicyTextView, policyTitles, usePolicyText } from './PolicyText'

/**
 * Read-only view of a policy text (footer links, cookie banner, user panel). Its one button is
 * Close; Esc and a click outside close it too.
 */
export function PolicyPreviewModal({
  kind,
  onClose,
}: {
  kind: PolicyKind | null
  onClose: () => void
}) {
  const { i18n } = useLingui()
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      withCloseButton={false}
      size="lg"
      title={kind ? i18n._(policyTitles[kind]) : null}
    >
      {kind && <PreviewContent kind={kind} onClose={onClose} />}
    </Modal>
  )
}

function PreviewContent({ kind, onClose }: { kind: PolicyKind; onClose: () => void }) {
  const text = usePolicyText(kind, { preview: true })
  return (
    <>
      <PolicyTextView kind={kind} query={text} />
      <ModalFooter>
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </ModalFooter>
    </>
  )
}
