import { Badge, type BadgeProps, Tooltip } from '@mantine/core'
import { type ClientGroup, clientBadgeColourIndex } from '../../../contract/client-groups'

/** One theme colour per remainder of the id divided by 9 (spec section 9), all easy to tell apart. */
const BADGE_COLOURS = [
  'blue',
  'teal',
  'grape',
  'orange',
  'cyan',
  'pink',
  'lime',
  'indigo',
  'yellow',
] as const

function clientGroupColour(clientGroupId: number): string {
  return BADGE_COLOURS[clientBadgeColourIndex(clientGroupId)] ?? 'gray'
}

/** A client group's name in its colour; the full name shows on hover. */
export function ClientGroupBadge({
  group,
  ...props
}: { group: ClientGroup } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Tooltip label={group.full_name} disabled={!group.full_name}>
      <Badge
        variant="light"
        color={clientGroupColour(group.id)}
        data-colour-index={clientBadgeColourIndex(group.id)}
        {...props}
      >
        {group.name}
      </Badge>
    </Tooltip>
  )
}
