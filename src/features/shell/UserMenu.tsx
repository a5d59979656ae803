import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Group, Menu, Modal, Text } from '@mantine/core'
import {
  IconChevronDown,
  IconKey,
  IconLogout,
  IconSettings,
  IconUser,
  IconUserCircle,
} from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { CurrentUser } from '../../../contract/auth'
import { getOutboxStatus, hasUnsyncedChanges } from '../../offline/outbox'
import { clearUserDataCaches } from '../../pwa/service-worker'
import { MadeOnPress } from '../../ui/MadeOnPress'
import { usePhoneLayout } from '../../ui/use-screen-width'
import { leaveAfterSignOut, signOut } from '../auth/session'

export function UserMenu({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { t } = useLingui()
  const phone = usePhoneLayout()
  const username = user.username
  // The changes that would wait on this device; set while the warning is open.
  const [unsent, setUnsent] = useState<number | null>(null)

  async function requestSignOut() {
    // Unreadable offline storage (private mode, an old browser) holds nothing to warn about, and
    // must not keep the user from signing out.
    if (await hasUnsyncedChanges().catch(() => false)) {
      // Known by now: hasUnsyncedChanges has just read the device.
      const { pending, rejections } = getOutboxStatus()
      setUnsent((pending ?? 0) + rejections.length)
    } else {
      await signOutAndLeave()
    }
  }

  async function signOutAndLeave() {
    setUnsent(null)
    const providerLogoutUrl = await signOut(queryClient)
    // Protocols and item media of this user must not stay behind for the next one.
    await clearUserDataCaches()
    await leaveAfterSignOut(providerLogoutUrl, () => navigate({ to: '/login' }))
  }

  return (
    <>
      <MadeOnPress
        popup="menu"
        target={
          phone ? (
            <ActionIcon variant="subtle" size="lg" aria-label={t`Account of ${username}`}>
              <IconUserCircle size={22} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              variant="subtle"
              leftSection={<IconUserCircle size={18} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              maw={220}
              title={username}
            >
              {username}
            </Button>
          )
        }
        make={(target, state) => (
          <Menu position="bottom-end" shadow="md" width={220} {...state}>
            <Menu.Target>{target}</Menu.Target>
            <Menu.Dropdown>
              {/* A phone's header has room for the icon only: the name is given in full here. */}
              {phone && <Menu.Label style={{ overflowWrap: 'anywhere' }}>{username}</Menu.Label>}
              <Menu.Item
                leftSection={<IconUser size={16} aria-hidden />}
                renderRoot={(props) => <Link to="/user" {...props} />}
              >
                <Trans>Profile</Trans>
              </Menu.Item>
              {/* Single-sign-on accounts have their password at the identity provider. */}
              {user.is_traditional_account && (
                <Menu.Item
                  leftSection={<IconKey size={16} aria-hidden />}
                  renderRoot={(props) => <Link to="/user/password" {...props} />}
                >
                  <Trans>Change password</Trans>
                </Menu.Item>
              )}
              <Menu.Item
                leftSection={<IconSettings size={16} aria-hidden />}
                renderRoot={(props) => <Link to="/user/settings" {...props} />}
              >
                <Trans>Settings</Trans>
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => void requestSignOut()}
              >
                <Trans>Sign out</Trans>
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      />
      <Modal
        opened={unsent !== null}
        onClose={() => setUnsent(null)}
        title={t`Sign out with changes not yet sent?`}
      >
        <Text size="sm">
          <Plural
            value={unsent ?? 0}
            one="You have # change not yet sent to the server."
            other="You have # changes not yet sent to the server."
          />{' '}
          <Trans>
            They stay on this device and are sent when you sign in here again. Sign out anyway?
          </Trans>
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setUnsent(null)}>
            <Trans>Stay signed in</Trans>
          </Button>
          <Button color="red" onClick={() => void signOutAndLeave()}>
            <Trans>Sign out anyway</Trans>
          </Button>
        </Group>
      </Modal>
    </>
  )
}
