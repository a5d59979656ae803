import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { uploadTimeLeftMs } from '../../../../../contract/task-intake'
import { formatDuration, formatPercent } from '../format'
import type { UploadProgress as Progressed } from './upload-request'

/**
 * The upload's progress with the spec's estimate of the time left (elapsed × (100 − percent) /
 * percent), and a cancel button while bytes are still being sent.
 */
export function UploadProgress({
  progress,
  onCancel,
}: {
  progress: Progressed
  onCancel: () => void
}) {
  const { t } = useLingui()
  const percent = formatPercent(progress.percent)
  const leftMs = uploadTimeLeftMs(progress.elapsedMs, progress.percent)
  const left = leftMs === null ? null : formatDuration(leftMs / 1000)
  const sent = progress.percent >= 100

  return (
    <Paper withBorder p="md" aria-label={t`Upload`} component="section">
      <Stack gap="xs">
        <Progress
          value={progress.percent}
          animated
          aria-label={t`Upload progress`}
          aria-valuetext={percent}
        />
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            {sent ? (
              <Trans>Uploaded. The server is checking the file…</Trans>
            ) : left === null ? (
              <Trans>{percent} uploaded</Trans>
            ) : (
              <Trans>
                {percent} uploaded, about {left} left
              </Trans>
            )}
          </Text>
          {/* Once sent, the server makes the task whatever the page does: nothing to cancel. */}
          {!sent && (
            <Button variant="default" size="xs" onClick={onCancel}>
              <Trans>Cancel the upload</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
