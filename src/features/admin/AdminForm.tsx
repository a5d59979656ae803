import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack } from '@mantine/core'
import { IconRestore } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import type { FormEvent, ReactNode } from 'react'
import type * as v from 'valibot'
import { FormError } from '../../ui/forms/FormError'
import { useForm } from '../../ui/forms/use-form'
import { notifySuccess } from '../../ui/notify'
import { adminKeys } from './api'
import { forgetDraft, useDraftKeeper, useDraftStart } from './drafts'

type AdminFormOptions<TValues, TSchema extends v.GenericSchema, TResult> = {
  /** Names the draft: the kind of thing and its id, or `new`. */
  draftKey: string
  /** The values of the thing being edited, or of a new one. */
  initialValues: TValues
  schema: TSchema
  toInput: (values: TValues) => unknown
  submit: (payload: v.InferOutput<TSchema>) => Promise<TResult>
  onSaved: () => void
}

/**
 * An admin form's state: the shared form rules, a draft kept in local storage while it differs
 * from what was opened, and every admin list refetched after a save.
 */
export function useAdminForm<
  TValues extends Record<string, unknown>,
  TSchema extends v.GenericSchema,
  TResult,
>({
  draftKey,
  initialValues,
  schema,
  toInput,
  submit,
  onSaved,
}: AdminFormOptions<TValues, TSchema, TResult>) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const start = useDraftStart(draftKey, initialValues)
  const form = useForm({
    initialValues: start.values,
    schema,
    toInput,
    submit: (payload) => submit(payload),
    onSuccess: () => {
      forgetDraft(draftKey)
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
      notifySuccess({ title: t`Saved.` })
      onSaved()
    },
  })
  useDraftKeeper(draftKey, form.values, initialValues)
  return {
    ...form,
    restored: start.restored,
    discardDraft: () => {
      forgetDraft(draftKey)
      form.reset(initialValues)
    },
    cancel: () => forgetDraft(draftKey),
  }
}

/** What the frame of a form needs of its state. */
type FormFrame = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  generalError: string | null
  pending: boolean
  restored: boolean
  discardDraft: () => void
  cancel: () => void
}

type AdminFormShellProps = {
  form: FormFrame
  label: string
  onCancel: () => void
  children: ReactNode
}

/** The frame of an admin form: the draft notice, the form's own error, fields, Cancel and Save. */
export function AdminFormShell({ form, label, onCancel, children }: AdminFormShellProps) {
  const { t } = useLingui()
  const restoredNotice = form.restored && (
    <Alert color="blue" icon={<IconRestore aria-hidden />} title={t`Unsaved changes restored`}>
      <Group justify="space-between" gap="xs">
        <Trans>This form holds what you typed before it was closed.</Trans>
        <Button size="xs" variant="default" onClick={form.discardDraft}>
          <Trans>Discard them</Trans>
        </Button>
      </Group>
    </Alert>
  )
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        {restoredNotice}
        <FormError message={form.generalError} />
        {children}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              form.cancel()
              onCancel()
            }}
          >
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={form.pending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
