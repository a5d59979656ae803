import { Trans } from '@lingui/react/macro'
import { Text, type TextProps } from '@mantine/core'
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

/** How long an item set stays locked to the worker, counting down each second. */
export function LockCountdown({ expiresAt, ...props }: { expiresAt: string } & TextProps) {
  const now = useNow(1000)
  // Parsed and formatted once, not on every second's render.
  const expiry = useMemo(() => {
    const date = dayjs(expiresAt)
    return { ms: date.valueOf(), until: date.format(DATE_TIME_FORMAT) }
  }, [expiresAt])
  const left = expiry.ms - now
  const { until } = expiry
  const timeLeft = formatTimeLeft(left)
  return (
    <OnDemandTooltip label={<Trans>Locked for you until {until}</Trans>}>
      <Text size="sm" c={left > 0 ? undefined : 'red'} {...props}>
        {left > 0 ? <Trans>Lock ends in {timeLeft}</Trans> : <Trans>Lock expired</Trans>}
      </Text>
    </OnDemandTooltip>
  )
}
