import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Stack, TextInput } from '@mantine/core'
import type { FormEvent, ReactNode } from 'react'
import { FormError } from '../../../../ui/forms/FormError'
import { SubmitButton } from '../../../../ui/forms/SubmitButton'
import type { TextInputBinding } from '../../../../ui/forms/use-form'
import type { VersionedKind } from '../../queries/definitions'
import { useClientGroupFilter } from '../../use-client-group'
import { ClientGroupSelect } from './ClientGroupSelect'
import { VERSIONED_WORDING } from './versioned-wording'

/** What a schema or protocol form is given: the version being edited, or none to create one. */
export type EditFormProps<T> = {
  existing?: T
  onSaved: (saved: T) => void
}

type ClientGroupBinding = {
  value: number | null
  onChange: (id: number | null) => void
  error: string | undefined
}

type VersionedFormProps = {
  form: {
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
    generalError: string | null
    pending: boolean
    textInput: (field: 'name') => TextInputBinding
    field: (field: 'client_group') => ClientGroupBinding
  }
  kind: VersionedKind
  /**
   * An existing definition is being edited: its client group cannot change any more, and the
   * button saves changes instead of creating.
   */
  editing: boolean
  /** The fields of this kind, after the name and the client group. */
  children: ReactNode
}

/**
 * The create and edit form of a schema or protocol: a failure message, the name and (when
 * creating) the client group, the fields of its kind, and the button. No group chosen yet shows
 * the group the lists are filtered by.
 */
export function VersionedForm({ form, kind, editing, children }: VersionedFormProps) {
  const { t, i18n } = useLingui()
  const wording = VERSIONED_WORDING[kind]
  const defaultGroup = useClientGroupFilter()
  const clientGroup = form.field('client_group')
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={i18n._(editing ? wording.editFormLabel : wording.newOne)}
    >
      <Stack gap="md">
        <FormError message={form.generalError} />
        <Group align="flex-start" grow>
          <TextInput label={t`Name`} required {...form.textInput('name')} maw={480} />
          {!editing && (
            <ClientGroupSelect
              value={clientGroup.value ?? defaultGroup}
              onChange={clientGroup.onChange}
              error={clientGroup.error}
            />
          )}
        </Group>
        {children}
        <SubmitButton pending={form.pending}>
          {editing ? <Trans>Save changes</Trans> : i18n._(wording.createButton)}
        </SubmitButton>
      </Stack>
    </form>
  )
}
