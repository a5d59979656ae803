import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import type * as v from 'valibot'
import type { CoordinationGroup } from '../../../../contract/coordinator'
import {
  REGISTRATION_KEY_DEFAULT_LIFETIME_DAYS,
  type RegistrationKey,
  RegistrationKeyInputSchema,
} from '../../../../contract/coordinator-keys'
import { FormError } from '../../../ui/forms/FormError'
import { MomentInput } from '../../../ui/forms/MomentInput'
import { useForm } from '../../../ui/forms/use-form'
import { coordinationGroupsQuery } from '../queries'
import { allGroupsQuery } from '../users/queries'
import { useEveryKeyView } from './every-key'

/** The form's values: what the inputs hold (text for the e-mail and the local date and time). */
type KeyFormValues = {
  email: string
  accounts_left: number | string
  expiration_timestamp: string
  deactivate_account: boolean
  is_endworker: boolean
  groups: string[]
  coordination_group: string | null
}

const LOCAL_DATE_TIME = 'YYYY-MM-DD HH:mm:ss'

function initialValues(
  key: RegistrationKey | null,
  coordinationGroup: number | null,
): KeyFormValues {
  if (key) {
    return {
      email: key.email ?? '',
      accounts_left: key.accounts_left,
      expiration_timestamp: dayjs(key.expiration_timestamp).format(LOCAL_DATE_TIME),
      deactivate_account: key.deactivate_account,
      is_endworker: key.is_endworker,
      groups: key.groups.map(String),
      coordination_group: key.coordination_group === null ? null : String(key.coordination_group),
    }
  }
  return {
    email: '',
    accounts_left: 1,
    expiration_timestamp: dayjs()
      .add(REGISTRATION_KEY_DEFAULT_LIFETIME_DAYS, 'day')
      .format(LOCAL_DATE_TIME),
    deactivate_account: false,
    is_endworker: true,
    groups: coordinationGroup === null ? [] : [String(coordinationGroup)],
    coordination_group: coordinationGroup === null ? null : String(coordinationGroup),
  }
}

/** The groups a key of the coordination group may send new accounts to: it and those it manages. */
function groupChoices(groups: readonly CoordinationGroup[], coordinationGroup: string | null) {
  const chosen = groups.filter(
    (group) => coordinationGroup === null || String(group.id) === coordinationGroup,
  )
  const choices = new Map<number, string>()
  for (const group of chosen) {
    choices.set(group.id, group.name)
    for (const managed of group.managed_groups) choices.set(managed.id, managed.name)
  }
  return [...choices].map(([id, name]) => ({ value: String(id), label: name }))
}

type RegistrationKeyFormProps<TResult> = {
  /** The key to change, or null for a new one. */
  editing: RegistrationKey | null
  coordinationGroup: number | null
  submit: (input: v.InferOutput<typeof RegistrationKeyInputSchema>) => Promise<TResult>
  onSaved: (result: TResult) => void
  onCancel?: () => void
}

/** Creates a registration key, or changes every field of one (the key itself stays). */
export function RegistrationKeyForm<TResult>({
  editing,
  coordinationGroup,
  submit,
  onSaved,
  onCancel,
}: RegistrationKeyFormProps<TResult>) {
  const { t } = useLingui()
  const { data: groups = [] } = useQuery(coordinationGroupsQuery())
  // Staff in the admin panel send new accounts to any group, not only a coordination group's own.
  const everyKey = useEveryKeyView()
  const { data: everyGroup = [] } = useQuery({ ...allGroupsQuery(), enabled: everyKey })
  const form = useForm({
    initialValues: initialValues(editing, coordinationGroup),
    // Only a new key is drafted: a key being changed is already saved.
    draft: editing ? undefined : 'coordinator.registration-key',
    draftFits: (draft, initial) => draft.coordination_group === initial.coordination_group,
    schema: RegistrationKeyInputSchema,
    toInput: (values: KeyFormValues) => ({
      ...values,
      accounts_left: values.accounts_left === '' ? Number.NaN : Number(values.accounts_left),
      expiration_timestamp: values.expiration_timestamp
        ? dayjs(values.expiration_timestamp).toISOString()
        : '',
      groups: values.groups.map(Number),
      coordination_group:
        values.coordination_group === null ? null : Number(values.coordination_group),
    }),
    submit,
    onSuccess: (result) => {
      if (!editing) form.reset(initialValues(null, coordinationGroup))
      onSaved(result)
    },
  })
  const { values } = form

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={editing ? t`Change the registration key` : t`New registration key`}
    >
      <Stack gap="sm">
        <FormError message={form.generalError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`E-mail`}
            description={t`Leave empty to let anyone with the link register.`}
            type="email"
            {...form.textInput('email')}
          />
          <NumberInput
            label={t`Accounts left`}
            description={t`How many accounts the link may still create.`}
            min={0}
            allowDecimal={false}
            {...form.field('accounts_left')}
          />
          <MomentInput
            label={t`Expires`}
            value={form.values.expiration_timestamp}
            onChange={(moment) => form.setValue('expiration_timestamp', moment ?? '')}
            error={form.errors.expiration_timestamp}
          />
          <Select
            label={t`Coordination group`}
            data={groups.map((group) => ({ value: String(group.id), label: group.name }))}
            {...form.field('coordination_group')}
            onChange={(value) => {
              form.setValue('coordination_group', value)
              form.setValue('groups', value === null ? [] : [value])
            }}
            clearable
          />
        </SimpleGrid>
        <MultiSelect
          label={t`Groups the new accounts join`}
          data={
            everyKey
              ? everyGroup.map((group) => ({ value: String(group.id), label: group.name }))
              : groupChoices(groups, values.coordination_group)
          }
          {...form.field('groups')}
          searchable
        />
        <Group>
          <Checkbox
            label={t`End worker`}
            checked={values.is_endworker}
            onChange={(event) => form.setValue('is_endworker', event.currentTarget.checked)}
          />
          <Checkbox
            label={t`Accounts wait for activation`}
            checked={values.deactivate_account}
            onChange={(event) => form.setValue('deactivate_account', event.currentTarget.checked)}
          />
        </Group>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          )}
          <Button type="submit" loading={form.pending}>
            {editing ? <Trans>Save</Trans> : <Trans>Create a registration link</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
