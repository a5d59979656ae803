import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Switch } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { CurrentUser } from '../../../contract/auth'
import { api } from '../../api/client'
import { notifySuccess } from '../../ui/notify'
import { authKeys } from '../auth/queries'
import { leaveAfterSignOut, signOut } from '../auth/session'
import { ModalFooter } from './ModalFooter'
import { notifyPolicyFailure, PolicyTextView, policyTitles, usePolicyText } from './PolicyText'

/**
 * The information clause a signed-in user must accept. It cannot be dismissed: the ways out are
 * Accept, Sign out and, once something failed, Skip (for this browser session only).
 */
export function ClauseAcceptModal({ opened, onSkip }: { opened: boolean; onSkip: () => void }) {
  const { i18n } = useLingui()
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size="lg"
      title={i18n._(policyTitles['information-clause'])}
    >
      <ClauseAcceptContent onSkip={onSkip} />
    </Modal>
  )
}

function ClauseAcceptContent({ onSkip }: { onSkip: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const text = usePolicyText('information-clause', { preview: false })
  const [agreed, setAgreed] = useState(false)

  const accept = useMutation({
    mutationFn: () =>
      api('auth/current-user/accept-clause/', {
        method: 'PUT',
        handledStatuses: [404, 500, 503],
      }),
    onSuccess: () => {
      notifySuccess({ message: t`The clause has been successfully accepted.` })
      // Closes the modal at once; the refetch then brings the server's own date.
      queryClient.setQueryData<CurrentUser>(authKeys.currentUser(), (user) =>
        user ? { ...user, clause_accepted_date: new Date().toISOString() } : user,
      )
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() })
    },
    onError: () =>
      notifyPolicyFailure(
        i18n,
        `clause-accept-${Date.now()}`,
        msg`An error occurred while accepting the clause.`,
        true,
      ),
  })

  const signOutMutation = useMutation({
    mutationFn: () => signOut(queryClient),
    onSettled: (providerLogoutUrl) =>
      leaveAfterSignOut(providerLogoutUrl, () => navigate({ to: '/login' })),
  })

  const failed = text.isError || accept.isError
  const busy = accept.isPending || signOutMutation.isPending

  return (
    <>
      <PolicyTextView kind="information-clause" query={text} />
      <ModalFooter>
        <Switch
          label={t`I have read and accept the clause.`}
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
          disabled={!text.isSuccess}
        />
        <Group justify="flex-end" mt="md" gap="sm">
          <Button
            variant="default"
            onClick={() => signOutMutation.mutate()}
            loading={signOutMutation.isPending}
            disabled={accept.isPending}
          >
            <Trans>Sign out</Trans>
          </Button>
          {failed && (
            <Button variant="light" color="gray" onClick={onSkip} disabled={busy}>
              <Trans>Skip</Trans>
            </Button>
          )}
          <Button
            onClick={() => accept.mutate()}
            loading={accept.isPending}
            disabled={!text.isSuccess || !agreed || busy}
          >
            <Trans>Accept</Trans>
          </Button>
        </Group>
      </ModalFooter>
    </>
  )
}
