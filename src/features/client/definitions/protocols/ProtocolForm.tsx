import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { FileInput, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core'
import { IconFileTypePdf } from '@tabler/icons-react'
import {
  MAX_PROTOCOL_PDF_BYTES,
  MAX_SHOW_CHANGES_DAYS,
  type ProtocolServingType,
  TaskProtocolCreateSchema,
  type TaskProtocolEntity,
} from '../../../../../contract/client-definitions'
import { useForm } from '../../../../ui/forms/use-form'
import { useClientGroupFilter } from '../../use-client-group'
import { type EditFormProps, VersionedForm } from '../shared/VersionedForm'
import { createProtocol, patchProtocol } from './api'
import { MarkdownEditor } from './MarkdownEditor'

const valuesOf = (protocol: TaskProtocolEntity | undefined): Values => ({
  name: protocol?.name ?? '',
  client_group: protocol?.client_group.id ?? null,
  serving_type: protocol?.serving_type ?? 'TXT',
  content: protocol?.content ?? '',
  show_changes_days: protocol?.show_changes_days ?? 0,
  file: null,
})

type Values = {
  name: string
  client_group: number | null
  serving_type: ProtocolServingType
  content: string
  show_changes_days: number | string
  file: File | null
}

const isPdf = (file: File) =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')

/**
 * A protocol's name, client group (only when creating), serving type and content: Markdown with
 * a preview, or a PDF file sent as a multipart form.
 */
export function ProtocolForm({ existing, onSaved }: EditFormProps<TaskProtocolEntity>) {
  const { t } = useLingui()
  const defaultGroup = useClientGroupFilter()
  const hasStoredPdf = existing?.serving_type === 'PDF' && existing.file !== null
  const form = useForm({
    initialValues: valuesOf(existing),
    schema: TaskProtocolCreateSchema,
    toInput: ({ file: _, ...values }: Values) => ({
      ...values,
      client_group: values.client_group ?? defaultGroup,
      content: values.serving_type === 'TXT' ? values.content : '',
      show_changes_days: values.show_changes_days === '' ? 0 : Number(values.show_changes_days),
    }),
    check: (values) => {
      if (values.serving_type === 'TXT') {
        return values.content.trim() === '' ? { content: msg`Write the protocol's text.` } : {}
      }
      if (!values.file) return hasStoredPdf ? {} : { file: msg`Choose the PDF file.` }
      if (!isPdf(values.file)) return { file: msg`Choose a PDF file.` }
      if (values.file.size > MAX_PROTOCOL_PDF_BYTES)
        return { file: msg`The file is larger than 50 MB.` }
      return {}
    },
    submit: (payload, values) => {
      const file = payload.serving_type === 'PDF' ? values.file : null
      return existing
        ? patchProtocol(existing.id, { ...payload, client_group: undefined, file })
        : createProtocol({ ...payload, file })
    },
    onSuccess: (saved) => {
      // An edit kept in place goes on from the server's copy (the sent file is not sent again).
      if (saved.id === existing?.id) form.reset(valuesOf(saved))
      onSaved(saved)
    },
  })
  const { values } = form

  return (
    <VersionedForm kind="task-protocols" form={form} editing={existing !== undefined}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="serving-type-label">
          <Trans>Serving type</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby="serving-type-label"
          data={[
            { value: 'TXT', label: t`Text (Markdown)` },
            { value: 'PDF', label: t`PDF file` },
          ]}
          value={values.serving_type}
          onChange={(value) => form.setValue('serving_type', value as ProtocolServingType)}
          maw={360}
        />
      </Stack>
      {values.serving_type === 'TXT' ? (
        <MarkdownEditor {...form.field('content')} />
      ) : (
        <FileInput
          label={t`PDF file`}
          description={
            hasStoredPdf
              ? t`Now: ${existing?.file?.name}. Choose a file only to replace it (at most 50 MB).`
              : t`At most 50 MB.`
          }
          placeholder={t`Choose a PDF…`}
          accept="application/pdf,.pdf"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          clearable
          {...form.field('file')}
          maw={480}
        />
      )}
      <NumberInput
        label={t`Show changes for (days)`}
        description={t`For this many days after a new version, workers are first shown what changed. 0 never shows it.`}
        min={0}
        max={MAX_SHOW_CHANGES_DAYS}
        allowDecimal={false}
        {...form.field('show_changes_days')}
        maw={320}
      />
    </VersionedForm>
  )
}
