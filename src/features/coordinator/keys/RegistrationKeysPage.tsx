import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Badge, Group, Modal, Tooltip } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type {
  CreatedRegistrationKey,
  RegistrationKey,
  RegistrationKeyInput,
} from '../../../../contract/coordinator-keys'
import { formatDateTime } from '../../account/format'
import { coordinationGroupsQuery } from '../queries'
import { CreatedKeyLink } from './CreatedKeyLink'
import { KeyListSection, useKeyListPlace } from './KeyListSection'
import {
  createRegistrationKey,
  deleteRegistrationKey,
  keyListKeys,
  registrationKeysQuery,
  updateRegistrationKey,
} from './queries'
import { RegistrationKeyForm } from './RegistrationKeyForm'

/** /coordinator/users/register: links that let new people create their accounts. */
export function RegistrationKeysPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { place, setOffset } = useKeyListPlace()
  const query = useQuery(registrationKeysQuery(place))
  const groupsQuery = useQuery(coordinationGroupsQuery())
  const groups = groupsQuery.data ?? []
  const [created, setCreated] = useState<CreatedRegistrationKey | null>(null)
  const [editing, setEditing] = useState<RegistrationKey | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyListKeys.registration() })

  const groupNames = new Map<number, string>()
  for (const group of groups) {
    groupNames.set(group.id, group.name)
    for (const managed of group.managed_groups) groupNames.set(managed.id, managed.name)
  }

  return (
    <>
      <KeyListSection<RegistrationKey>
        title={<Trans>Registration keys</Trans>}
        tableLabel={t`Registration keys`}
        query={query}
        offset={place.offset}
        onOffsetChange={setOffset}
        creation={
          created ? (
            <CreatedKeyLink link={created.link} onClose={() => setCreated(null)} />
          ) : // The form starts from the selected group, known once the groups are loaded.
          groupsQuery.isPending ? null : (
            <RegistrationKeyForm
              key={place.coordinationGroup ?? 'all'}
              editing={null}
              coordinationGroup={place.coordinationGroup}
              submit={createRegistrationKey}
              onSaved={(key: CreatedRegistrationKey) => {
                setCreated(key)
                void refresh()
              }}
            />
          )
        }
        emptyTitle={<Trans>No registration keys</Trans>}
        remove={deleteRegistrationKey}
        listKey={keyListKeys.registration()}
        deleteTitle={(row) => t`Delete the registration key of ${row.email ?? t`anyone`}?`}
        deleteWarning={<Trans>Its link stops working; accounts made with it stay.</Trans>}
        rowActions={(row) => (
          <Tooltip label={t`Edit`}>
            <ActionIcon
              variant="subtle"
              aria-label={t`Edit the key of ${row.email ?? t`anyone`}`}
              onClick={() => setEditing(row)}
            >
              <IconPencil aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        columns={[
          {
            key: 'email',
            header: <Trans>E-mail</Trans>,
            cell: (row) => row.email ?? <Trans>Anyone with the link</Trans>,
            rowHeader: true,
          },
          {
            key: 'accounts',
            header: <Trans>Accounts left</Trans>,
            cell: (row) => row.accounts_left,
            numeric: true,
          },
          {
            key: 'expiration',
            header: <Trans>Expires</Trans>,
            cell: (row) => formatDateTime(row.expiration_timestamp),
          },
          {
            key: 'groups',
            header: <Trans>Groups</Trans>,
            cell: (row) => (
              <Group gap={4}>
                {row.groups.map((id) => (
                  <Badge key={id} variant="light">
                    {groupNames.get(id) ?? `#${id}`}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            key: 'accounts_kind',
            header: <Trans>New accounts</Trans>,
            cell: (row) => (
              <Group gap={4}>
                {row.is_endworker && (
                  <Badge color="blue">
                    <Trans>End worker</Trans>
                  </Badge>
                )}
                {row.deactivate_account && (
                  <Badge color="yellow">
                    <Trans>Inactive</Trans>
                  </Badge>
                )}
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t`Change the registration key`}
        size="lg"
      >
        {editing && (
          <RegistrationKeyForm
            editing={editing}
            coordinationGroup={editing.coordination_group}
            submit={(input: RegistrationKeyInput) => updateRegistrationKey(editing.id, input)}
            onSaved={() => {
              setEditing(null)
              void refresh()
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  )
}
