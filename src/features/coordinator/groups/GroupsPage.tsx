import { Trans, useLingui } from '@lingui/react/macro'
import { Select, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { GroupWithMembers } from '../../../../contract/coordinator-users'
import { Empty, LoadFailed, Loading } from '../../../ui/QueryStates'
import { TitleBar } from '../../../ui/TitleBar'
import { allGroupsQuery } from '../users/queries'
import { GroupMembersEditor } from './GroupMembersEditor'
import { isNoChange, readMemberChange } from './member-draft'

/**
 * The group shown: the one asked for, else one with an unsaved change kept on this device (so a
 * reload comes back to it), else the first the caller may change, else the first.
 */
function shownGroup(groups: GroupWithMembers[], requested: number | undefined) {
  return (
    groups.find((group) => group.id === requested) ??
    groups.find((group) => group.editable && !isNoChange(readMemberChange(group.id))) ??
    groups.find((group) => group.editable) ??
    groups[0]
  )
}

type GroupsPageProps = {
  /** The group in the address (`?group=`). */
  group: number | undefined
  onGroup: (group: number) => void
}

/**
 * /coordinator/users/groups: the members of the coordinator's groups (the ones they coordinate
 * can be changed; the groups those manage are shown), one group at a time.
 */
export function GroupsPage({ group: requested, onGroup }: GroupsPageProps) {
  const { t } = useLingui()
  const groups = useQuery(allGroupsQuery())
  const purposes = (group: GroupWithMembers) =>
    [
      group.coordination_group && t`coordination`,
      group.task_group && t`tasks`,
      group.review_group && t`review`,
    ]
      .filter(Boolean)
      .join(', ')

  let content = <Loading label={t`Loading the groups…`} />
  if (groups.isError) {
    content = (
      <LoadFailed error={groups.error} title={<Trans>The groups could not be loaded.</Trans>} />
    )
  } else if (groups.data?.length === 0) {
    content = <Empty title={<Trans>You have no groups to manage.</Trans>} />
  } else if (groups.data) {
    const shown = shownGroup(groups.data, requested)
    content = (
      <>
        <Select
          label={t`Group`}
          data={groups.data.map((group) => ({
            value: String(group.id),
            label: `${group.name} (${purposes(group)})`,
          }))}
          value={shown ? String(shown.id) : null}
          onChange={(value) => value && onGroup(Number(value))}
          allowDeselect={false}
          searchable
          maw={420}
        />
        {shown && <GroupMembersEditor key={shown.id} group={shown} />}
      </>
    )
  }

  return (
    <Stack>
      <TitleBar level="page" title={<Trans>Groups</Trans>} />
      <Text size="sm" c="dimmed">
        <Trans>
          Add and remove the members of the groups you coordinate. Changes are kept on this device
          until you save them.
        </Trans>
      </Text>
      {content}
    </Stack>
  )
}
