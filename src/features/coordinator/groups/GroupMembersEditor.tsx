import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconRestore, IconUserMinus, IconUserPlus } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { GroupWithMembers, UserBase } from '../../../../contract/coordinator-users'
import { FormError } from '../../../ui/forms/FormError'
import { submissionErrors } from '../../../ui/forms/form-errors'
import { notifySuccess } from '../../../ui/notify'
import { coordinatorKeys } from '../queries'
import { allGroupsQuery } from '../users/queries'
import {
  isNoChange,
  keepMemberChange,
  type MemberChange,
  type MemberRow,
  memberIdsAfter,
  memberRows,
  NO_CHANGE,
  readMemberChange,
  withAdded,
  withKept,
  withRemoved,
} from './member-draft'
import { MEMBER_SEARCH_MIN_CHARS, memberSearchQuery, saveGroupMembers } from './queries'

/** How long typing pauses before the server is asked for matching users. */
const SEARCH_DEBOUNCE_MS = 300
/** Matches offered at once; typing more narrows them. */
const SEARCH_RESULTS_SHOWN = 50

const fullName = (user: UserBase) => `${user.first_name} ${user.last_name}`.trim()
const userLabel = (user: UserBase) => {
  const name = fullName(user)
  return name ? `${name} (${user.username})` : user.username
}

/** A search of the coordinator's users by name, username or e-mail; choosing one adds them. */
function MemberPicker({
  exclude,
  onPick,
  error,
}: {
  exclude: Set<number>
  onPick: (user: UserBase) => void
  error: string | undefined
}) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const found = useQuery(memberSearchQuery(debounced))
  const matches = (found.data ?? [])
    .filter((user) => !exclude.has(user.id))
    .slice(0, SEARCH_RESULTS_SHOWN)
  let nothingFound = t`None of your users matches.`
  if (debounced.length < MEMBER_SEARCH_MIN_CHARS) {
    nothingFound = t`Type at least ${MEMBER_SEARCH_MIN_CHARS} characters.`
  } else if (found.isFetching) nothingFound = t`Searching…`
  else if (found.isError) nothingFound = t`The search failed; try again.`
  return (
    <Select
      label={t`Add a member`}
      description={t`Your users, by name, username or e-mail. New people join through registration keys.`}
      placeholder={t`Type a name, username or e-mail`}
      leftSection={<IconUserPlus size={16} aria-hidden />}
      data={matches.map((user) => ({ value: String(user.id), label: userLabel(user) }))}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(value) => {
        const user = matches.find((match) => String(match.id) === value)
        if (!user) return
        onPick(user)
        setSearch('')
      }}
      nothingFoundMessage={nothingFound}
      error={error}
    />
  )
}

function MemberState({ state }: { state: MemberRow['state'] }) {
  if (state === 'added') {
    return (
      <Badge color="green" variant="light">
        <Trans>To add</Trans>
      </Badge>
    )
  }
  if (state === 'removed') {
    return (
      <Badge color="red" variant="light">
        <Trans>To remove</Trans>
      </Badge>
    )
  }
  return null
}

function MemberItem({
  member,
  editable,
  onRemove,
  onKeep,
}: {
  member: MemberRow
  editable: boolean
  onRemove: () => void
  onKeep: () => void
}) {
  const { t } = useLingui()
  const name = fullName(member)
  return (
    <Paper component="li" withBorder p="xs" aria-label={userLabel(member)}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" td={member.state === 'removed' ? 'line-through' : undefined} truncate>
            {name || member.username}
          </Text>
          {name && (
            <Text size="xs" c="dimmed" truncate>
              {member.username}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <MemberState state={member.state} />
          {editable &&
            (member.state === 'removed' ? (
              <Button
                size="xs"
                variant="default"
                onClick={onKeep}
                aria-label={t`Keep ${member.username}`}
              >
                <Trans>Keep</Trans>
              </Button>
            ) : (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconUserMinus size={14} aria-hidden />}
                onClick={onRemove}
                aria-label={t`Remove ${member.username}`}
              >
                <Trans>Remove</Trans>
              </Button>
            ))}
        </Group>
      </Group>
    </Paper>
  )
}

/**
 * One group's members and their unsaved change: members are added through a search of the
 * coordinator's users and removed one by one; every click is kept on the device at once (see
 * member-draft.ts) until Save sends the whole list (`PATCH /api/coordinator/groups-all/{id}/`).
 */
export function GroupMembersEditor({ group }: { group: GroupWithMembers }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [change, setChange] = useState<MemberChange>(() => readMemberChange(group.id))
  const [restored, setRestored] = useState(() => !isNoChange(change))
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [generalError, setGeneralError] = useState<string | null>(null)

  const update = (next: MemberChange) => {
    keepMemberChange(group.id, next)
    setChange(next)
    setFieldError(undefined)
    setGeneralError(null)
  }

  const save = useMutation({
    mutationFn: () => saveGroupMembers(group.id, memberIdsAfter(group.members, change)),
    onSuccess: (saved) => {
      queryClient.setQueryData(allGroupsQuery().queryKey, (groups) =>
        groups?.map((entry) => (entry.id === saved.id ? saved : entry)),
      )
      keepMemberChange(group.id, NO_CHANGE)
      setChange(NO_CHANGE)
      setRestored(false)
      // Memberships decide whose users a coordinator sees.
      void queryClient.invalidateQueries({ queryKey: coordinatorKeys.all })
      notifySuccess({ message: t`The members of ${group.name} are saved.` })
    },
    onError: (error) => {
      const found = submissionErrors(error, i18n, { fields: ['user_set'] })
      setFieldError(found.fields.user_set)
      setGeneralError(found.general)
    },
  })

  const rows = memberRows(group.members, change)
  const shown = new Set(rows.filter((row) => row.state !== 'removed').map((row) => row.id))
  const memberCount = shown.size
  const toAdd = rows.filter((row) => row.state === 'added').length
  const toRemove = rows.filter((row) => row.state === 'removed').length

  return (
    <Stack gap="sm" component="section" aria-label={t`Members of ${group.name}`}>
      {restored && !isNoChange(change) && (
        <Alert color="blue" icon={<IconRestore aria-hidden />} title={t`Unsaved changes restored`}>
          <Group justify="space-between" gap="xs">
            <Trans>These changes were made before the page was closed and are not saved yet.</Trans>
            <Button size="xs" variant="default" onClick={() => update(NO_CHANGE)}>
              <Trans>Discard them</Trans>
            </Button>
          </Group>
        </Alert>
      )}
      <FormError message={generalError} />
      {group.editable ? (
        <MemberPicker
          exclude={shown}
          onPick={(user) => update(withAdded(change, user, group.members))}
          error={fieldError}
        />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>You can change the members of the groups you coordinate only.</Trans>
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          <Plural value={memberCount} one="# member" other="# members" />
        </Text>
        {!isNoChange(change) && (
          <Text size="sm" c="dimmed">
            <Trans>
              {toAdd} to add, {toRemove} to remove
            </Trans>
          </Text>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>This group has no members.</Trans>
        </Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((member) => (
            <MemberItem
              key={member.id}
              member={member}
              editable={group.editable}
              onRemove={() => update(withRemoved(change, member))}
              onKeep={() => update(withKept(change, member.id))}
            />
          ))}
        </Stack>
      )}
      {group.editable && (
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            disabled={isNoChange(change) || save.isPending}
            onClick={() => update(NO_CHANGE)}
          >
            <Trans>Discard changes</Trans>
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={isNoChange(change)}
          >
            <Trans>Save members</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  )
}
