import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { type ChangeEvent, type FormEvent, useState } from 'react'
import type * as v from 'valibot'
import { keepFormDraft, restoredDraft } from './drafts'
import { type FieldErrors, type IssueDescriber, submissionErrors, validate } from './form-errors'

type FormOptions<TValues, TSchema extends v.GenericSchema, TResult> = {
  initialValues: TValues
  /** The contract schema of the payload: the rules are checked here before anything is sent. */
  schema: TSchema
  /** Turns the inputs' values into what the schema checks (empty number input to null...). */
  toInput?: (values: TValues) => unknown
  /** Rules the payload schema cannot see (the repeated password), or says too vaguely. */
  check?: (values: TValues) => Partial<Record<keyof TValues, MessageDescriptor>>
  /** The form's own wording of some failed rules (see IssueDescriber). */
  describeIssue?: IssueDescriber
  /** Fields holding a structure whose own inputs show errors under their dotted paths. */
  nestedFields?: readonly (keyof TValues & string)[]
  /** Prefix of the server's field paths for this form (`endworker_profile.`). */
  serverPrefix?: string
  submit: (payload: v.InferOutput<TSchema>, values: TValues) => Promise<TResult>
  onSuccess?: (result: TResult) => void
  /**
   * The name the values are kept under in local storage while they are typed, so a reload or a
   * closed tab loses nothing; the draft comes back in place of the initial values and goes at
   * `reset`. For new records' forms: an edit starts from the record.
   */
  draft?: string
  /** Whether a stored draft belongs to this form as it opens (the same group, say). */
  draftFits?: (draft: TValues, initial: TValues) => boolean
}

/** The stored draft when there is one that fits, else the initial values. */
function restoredValues<TValues extends Record<string, unknown>>(
  initial: TValues,
  draftName: string | undefined,
  fits: ((draft: TValues, initial: TValues) => boolean) | undefined,
): TValues {
  const draft = draftName ? restoredDraft(initial, draftName) : null
  return draft && (!fits || fits(draft, initial)) ? draft : initial
}

const isUnder = (path: string, field: string) => path === field || path.startsWith(`${field}.`)

/** What a text input or text area needs of its field: spread onto it. */
export type TextInputBinding = {
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  error: string | undefined
}

/** The fields of a form that hold text. */
type TextField<TValues> = {
  [K in keyof TValues]: TValues[K] extends string ? K : never
}[keyof TValues] &
  string

/**
 * Form state shared by the app's forms: values, client-side validation with the contract's
 * schema, and the server's 400 answers placed under the matching fields.
 */
export function useForm<
  TValues extends Record<string, unknown>,
  TSchema extends v.GenericSchema,
  TResult,
>(options: FormOptions<TValues, TSchema, TResult>) {
  const { i18n } = useLingui()
  const [values, setValues] = useState(() =>
    restoredValues(options.initialValues, options.draft, options.draftFits),
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const [generalError, setGeneralError] = useState<string | null>(null)

  const mutation = useMutation({
    mutationFn: (payload: v.InferOutput<TSchema>) => options.submit(payload, values),
    onSuccess: options.onSuccess,
    onError: (error) => {
      const found = submissionErrors(error, i18n, {
        fields: Object.keys(values),
        nested: options.nestedFields,
        prefix: options.serverPrefix,
      })
      setErrors(found.fields)
      setGeneralError(found.general)
    },
  })

  function setValue<K extends keyof TValues & string>(field: K, value: TValues[K]): void {
    setValues((current) => {
      const next = { ...current, [field]: value }
      if (options.draft) keepFormDraft(options.draft, next)
      return next
    })
    // A changed value makes its own messages (and those of its parts) out of date.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !isUnder(path, field))),
    )
  }

  /** An input's value, change handler and error, for inputs that hand over their new value. */
  function field<K extends keyof TValues & string>(name: K) {
    return {
      value: values[name],
      onChange: (value: TValues[K]) => setValue(name, value),
      error: errors[name],
    }
  }

  /** The same for a text input, which hands over its change event. */
  function textInput<K extends TextField<TValues>>(name: K): TextInputBinding {
    return {
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValue(name, event.currentTarget.value as TValues[K]),
      error: errors[name],
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    setGeneralError(null)
    const input = (options.toInput ?? ((same) => same))(values)
    const checked = validate(options.schema, input, i18n, options.describeIssue)
    const found: FieldErrors = { ...checked.errors }
    // The form's own rules are the more specific, so their messages win.
    for (const [field, message] of Object.entries(options.check?.(values) ?? {})) {
      if (message) found[field] = i18n._(message as MessageDescriptor)
    }
    setErrors(found)
    if (checked.errors === null && Object.keys(found).length === 0) mutation.mutate(checked.output)
  }

  return {
    values,
    setValue,
    field,
    textInput,
    /** Starts over from new values (after a save, the server's own). */
    reset: (next: TValues) => {
      if (options.draft) keepFormDraft(options.draft, undefined)
      setValues(next)
      setErrors({})
      setGeneralError(null)
    },
    errors,
    generalError,
    onSubmit,
    pending: mutation.isPending,
  }
}
