import { Trans } from '@lingui/react/macro'
import { Group, Text, type TextProps, VisuallyHidden } from '@mantine/core'
import { IconClock } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useEffect, useMemo, useState } from 'react'
import { DATE_TIME_FORMAT } from '../../../contract/constants'
import { OnDemandTooltip } from '../../ui/OnDemandTooltip'

/** h:mm:ss of a positive number of milliseconds. */
function formatTimeLeft(ms: number): string {
  const seconds = Math.floor(ms / 1000)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

type LockCountdownProps = {
  expiresAt: string
  /** A clock and the time left, for a phone's one-line status bar; the words stay for readers. */
  compact?: boolean
} & TextProps

/** How long an item set stays locked to the worker, counting down each second. */
export function LockCountdown({ expiresAt, compact = false, ...props }: LockCountdownProps) {
  const now = useNow(1000)
  // Parsed and formatted once, not on every second's render.
  const expiry = useMemo(() => {
    const date = dayjs(expiresAt)
    return { ms: date.valueOf(), until: date.format(DATE_TIME_FORMAT) }
  }, [expiresAt])
  const left = expiry.ms - now
  const { until } = expiry
  const timeLeft = formatTimeLeft(left)
  const words = left > 0 ? <Trans>Lock ends in {timeLeft}</Trans> : <Trans>Lock expired</Trans>
  return (
    <OnDemandTooltip label={<Trans>Locked for you until {until}</Trans>}>
      <Text size="sm" c={left > 0 ? undefined : 'red'} {...props}>
        {compact ? (
          <Group component="span" gap={2} wrap="nowrap">
            <IconClock size={14} aria-hidden />
            <span aria-hidden>{left > 0 ? timeLeft : '0:00:00'}</span>
            <VisuallyHidden>{words}</VisuallyHidden>
          </Group>
        ) : (
          words
        )}
      </Text>
    </OnDemandTooltip>
  )
}
