import { msg } from '@lingui/core/macro'
import { useQuery } from '@tanstack/react-query'
import {
  TaskTypeCreateSchema,
  type TaskTypeEntity,
} from '../../../../../../contract/client-definitions'
import { useForm } from '../../../../../ui/forms/use-form'
import { instanceSettingsQuery } from '../../../../auth/queries'
import { useClientGroupFilter } from '../../../use-client-group'
import { createTaskType, patchTaskType } from '../api'
import { initialValues, type TaskTypeValues, toPayload } from './form-values'

/** Settings that always hold a number; the others may be left empty ("not set"). */
const REQUIRED_NUMBERS = [
  'items_per_set',
  'annotations_per_item',
  'max_items_per_user_percent',
  'review_probability',
  'review_newcomers_bound',
  'gold_share',
  'gold_text_max_cer',
  'gold_window',
  'min_gold_answers',
] as const

/**
 * The task type form's state. New and edited types are checked with the creation rules (every
 * setting given); an edit sends the same settings plus the status, but never the client group.
 */
export function useTaskTypeForm(
  existing: TaskTypeEntity | undefined,
  onSaved: (saved: TaskTypeEntity) => void,
) {
  const defaultGroup = useClientGroupFilter()
  // Confidential only when the instance says so, as the footer tells it.
  const settings = useQuery(instanceSettingsQuery())
  const instance = { publicInstance: settings.data?.public_instance !== false }
  const form = useForm({
    initialValues: initialValues(existing, defaultGroup, instance),
    schema: TaskTypeCreateSchema,
    toInput: (values: TaskTypeValues) => ({
      ...toPayload(values),
      client_group: values.client_group ?? defaultGroup,
    }),
    check: (values) => ({
      ...Object.fromEntries(
        REQUIRED_NUMBERS.filter((field) => values[field] === '').map((field) => [
          field,
          msg`Enter a number.`,
        ]),
      ),
      ...(values.schema === null ? { schema: msg`Choose a task schema.` } : {}),
      ...(values.protocol === null ? { protocol: msg`Choose a task protocol.` } : {}),
      ...(values.client_group === null && defaultGroup === null
        ? { client_group: msg`Choose a client group.` }
        : {}),
    }),
    nestedFields: ['default_metadata'],
    submit: (payload, values) => {
      if (!existing) return createTaskType(payload)
      const { client_group: _, ...settings } = payload
      return patchTaskType(existing.id, { ...settings, status: values.status })
    },
    onSuccess: (saved) => {
      if (existing) form.reset(initialValues(saved, null, instance))
      onSaved(saved)
    },
  })
  return { ...form, clientGroup: form.values.client_group ?? defaultGroup }
}

export type TaskTypeForm = ReturnType<typeof useTaskTypeForm>
