import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Group, Stack, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { hasPermission } from '../../../contract/roles'
import { RouterButton } from '../../ui/links'
import { RouterNavLink } from '../../ui/nav-link'
import { usePermissions } from '../auth/hooks'
import { coordinatorCountersQuery, needsCoordinatorAttention } from '../coordinator/queries'
import { type TopNavigationItem, topNavigationFor } from './navigation'

type Orientation = 'horizontal' | 'vertical'

type TopNavigationProps = {
  /** Horizontal in the header; vertical in the phone menu opened by the burger. */
  orientation: Orientation
  onNavigate?: () => void
}

export function TopNavigation({ orientation, onNavigate }: TopNavigationProps) {
  const { t } = useLingui()
  const permissions = usePermissions()
  const counters = useQuery({
    ...coordinatorCountersQuery(),
    enabled: hasPermission(permissions, 'coordinator'),
  })
  const coordinatorNeedsAttention = needsCoordinatorAttention(counters.data)

  const Layout = orientation === 'horizontal' ? Group : Stack
  return (
    <Layout component="nav" aria-label={t`Main navigation`} gap={4}>
      {topNavigationFor(permissions).map((item) => (
        <TopNavigationLink
          key={item.id}
          item={item}
          orientation={orientation}
          withDot={item.id === 'coordinator' && coordinatorNeedsAttention}
          onNavigate={onNavigate}
        />
      ))}
    </Layout>
  )
}

function TopNavigationLink({
  item,
  orientation,
  withDot,
  onNavigate,
}: {
  item: TopNavigationItem
  orientation: Orientation
  /** The coordinator entry carries a dot while some counter is above zero. */
  withDot: boolean
  onNavigate?: () => void
}) {
  const { i18n } = useLingui()
  const pathname = useLocation({ select: (location) => location.pathname })
  const active = pathname === item.to || pathname.startsWith(`${item.to}/`)
  const text = i18n._(item.label)
  const label = withDot ? (
    <>
      {text}{' '}
      <VisuallyHidden>
        <Trans>(needs attention)</Trans>
      </VisuallyHidden>
    </>
  ) : (
    text
  )
  const dot = withDot ? <AttentionDot /> : null
  const linkProps = {
    to: item.to,
    onClick: onNavigate,
    'aria-current': active ? ('page' as const) : undefined,
  }

  return orientation === 'horizontal' ? (
    <RouterButton
      {...linkProps}
      variant={active ? 'light' : 'subtle'}
      size="compact-md"
      rightSection={dot}
    >
      {label}
    </RouterButton>
  ) : (
    <RouterNavLink {...linkProps} label={label} active={active} rightSection={dot} />
  )
}

function AttentionDot() {
  return (
    <Box component="span" aria-hidden w={8} h={8} bg="orange.6" style={{ borderRadius: '50%' }} />
  )
}
