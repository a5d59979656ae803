import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { CoordinatorUser } from '../../../../contract/coordinator-users'
import { FormError } from '../../../ui/forms/FormError'
import { submissionErrors } from '../../../ui/forms/form-errors'
import { notifySuccess } from '../../../ui/notify'
import { coordinatorKeys } from '../queries'
import { patchUser } from './queries'
import { UserQualityStops } from './UserQualityStops'

const FIELDS = ['first_name', 'last_name', 'email', 'is_active']

type UserEditDialogProps = { user: CoordinatorUser | null; onClose: () => void }

/**
 * Names, e-mail and whether the account works (deactivating signs the user out at once), and the
 * task types the quality gate stopped the user from, to let them back in.
 */
export function UserEditDialog({ user, onClose }: UserEditDialogProps) {
  const { t } = useLingui()
  return (
    <Modal opened={user !== null} onClose={onClose} title={t`Edit the user`}>
      {user && (
        <Stack>
          <UserEditForm key={user.id} user={user} onClose={onClose} />
          <UserQualityStops userId={user.id} />
        </Stack>
      )}
    </Modal>
  )
}

function UserEditForm({ user, onClose }: { user: CoordinatorUser; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [values, setValues] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_active: user.is_active,
  })
  const save = useMutation({
    mutationFn: () => patchUser(user.id, values),
    onSuccess: () => {
      notifySuccess({ message: t`The user was saved.` })
      void queryClient.invalidateQueries({ queryKey: coordinatorKeys.all })
      onClose()
    },
  })
  const errors = save.error ? submissionErrors(save.error, i18n, { fields: FIELDS }) : null
  const anonymized = user.anonymized_timestamp !== null

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <Stack>
        <TextInput
          label={t`First name`}
          value={values.first_name}
          onChange={(event) => setValues({ ...values, first_name: event.currentTarget.value })}
          error={errors?.fields.first_name}
          disabled={anonymized}
        />
        <TextInput
          label={t`Last name`}
          value={values.last_name}
          onChange={(event) => setValues({ ...values, last_name: event.currentTarget.value })}
          error={errors?.fields.last_name}
          disabled={anonymized}
        />
        <TextInput
          label={t`E-mail`}
          type="email"
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.currentTarget.value })}
          error={errors?.fields.email}
          disabled={anonymized}
        />
        <Switch
          label={t`Active account`}
          description={t`Switching it off signs the user out at once.`}
          checked={values.is_active}
          onChange={(event) => setValues({ ...values, is_active: event.currentTarget.checked })}
          error={errors?.fields.is_active}
          disabled={anonymized}
        />
        <FormError message={errors?.general ?? null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending} disabled={anonymized}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
