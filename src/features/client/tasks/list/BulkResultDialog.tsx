import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core'

export type BulkResult = {
  action: 'update' | 'delete'
  done: number[]
  refused: { id: number; detail: string }[]
}

/** What a bulk action did to each task: which changed, which did not and why. */
export function BulkResultDialog({
  result,
  onClose,
}: {
  result: BulkResult | null
  onClose: () => void
}) {
  const { t } = useLingui()
  const done = result?.done ?? []
  const refused = result?.refused ?? []
  const doneCount = done.length
  const refusedCount = refused.length
  const doneIds = done.map((id) => `#${id}`).join(', ')
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title={result?.action === 'delete' ? t`Bulk delete results` : t`Bulk update results`}
      size="lg"
    >
      <Stack gap="md">
        <section aria-label={result?.action === 'delete' ? t`Deleted tasks` : t`Updated tasks`}>
          <Text fw={600}>
            {result?.action === 'delete' ? (
              <Trans>Deleted: {doneCount}</Trans>
            ) : (
              <Trans>Updated: {doneCount}</Trans>
            )}
          </Text>
          {doneCount > 0 && <Text size="sm">{doneIds}</Text>}
        </section>
        <section
          aria-label={result?.action === 'delete' ? t`Tasks not deleted` : t`Tasks not updated`}
        >
          <Text fw={600} c={refusedCount > 0 ? 'red' : undefined}>
            {result?.action === 'delete' ? (
              <Trans>Not deleted: {refusedCount}</Trans>
            ) : (
              <Trans>Not updated: {refusedCount}</Trans>
            )}
          </Text>
          {refusedCount > 0 && (
            <List size="sm" spacing={4}>
              {refused.map(({ id, detail }) => (
                <List.Item key={id}>
                  <Trans>
                    Task #{id}: {detail}
                  </Trans>
                </List.Item>
              ))}
            </List>
          )}
        </section>
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
