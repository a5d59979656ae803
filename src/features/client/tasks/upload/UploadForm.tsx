import { Trans, useLingui } from '@lingui/react/macro'
import { Button, FileInput, Group, Select, SimpleGrid, Stack, Switch } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import type { Language } from '../../../../../contract/auth'
import type { TaskTypeEntity } from '../../../../../contract/client-definitions'
import {
  TASK_DESCRIPTION_MAX_CHARS,
  TASK_UPLOAD_EXTENSIONS,
  type TaskUploadResult,
} from '../../../../../contract/task-intake'
import { ApiError } from '../../../../api/client'
import { FormError } from '../../../../ui/forms/FormError'
import { type FieldErrors, submissionErrors } from '../../../../ui/forms/form-errors'
import { MomentInput } from '../../../../ui/forms/MomentInput'
import { GrowingTextarea } from '../../../../ui/GrowingTextarea'
import { KeyValueEditor, toPairs } from '../../../../ui/KeyValueEditor'
import { FileProblems } from './FileProblems'
import { UploadProgress } from './UploadProgress'
import { checkUpload, type UploadField, type UploadValues, uploadForm } from './upload-fields'
import { type UploadProgress as Progressed, uploadTask } from './upload-request'

type UploadFormProps = {
  taskType: TaskTypeEntity
  languages: Language[]
  onUploaded: (result: TaskUploadResult) => void
}

const FIELDS: UploadField[] = [
  'file',
  'base_language',
  'target_language',
  'settle_target_lang',
  'description',
  'metadata',
  'project',
  'deadline',
  'start_task',
]

/** The upload of a data file into a new task of the type, with live upload progress. */
export function UploadForm({ taskType, languages, onUploaded }: UploadFormProps) {
  const { t, i18n } = useLingui()
  const [values, setValues] = useState<UploadValues>({
    file: null,
    base_language: null,
    target_language: null,
    settle_target_lang: false,
    description: '',
    metadata: toPairs(taskType.default_metadata),
    project: taskType.default_project ? String(taskType.default_project.id) : null,
    deadline: '',
    start_task: false,
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [progress, setProgress] = useState<Progressed | null>(null)
  const controller = useRef<AbortController | null>(null)

  const upload = useMutation({
    mutationFn: (form: FormData) => {
      controller.current = new AbortController()
      setProgress({ percent: 0, elapsedMs: 0 })
      return uploadTask(form, { onProgress: setProgress, signal: controller.current.signal })
    },
    onSuccess: onUploaded,
    onError: (error) => setErrors(submissionErrors(error, i18n, { fields: FIELDS }).fields),
    onSettled: () => setProgress(null),
  })
  const problems = upload.error instanceof ApiError ? (upload.error.fields?.file ?? []) : []
  const cancelled = upload.isError && controller.current?.signal.aborted === true
  const general = cancelled
    ? t`The upload was cancelled. Nothing was created.`
    : upload.error && problems.length === 0
      ? submissionErrors(upload.error, i18n, { fields: FIELDS }).general
      : null

  const set = <K extends UploadField>(field: K, value: UploadValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = Object.entries(checkUpload(values)).map(([field, message]) => [
      field,
      i18n._(message),
    ])
    setErrors(Object.fromEntries(found))
    if (found.length === 0) upload.mutate(uploadForm(taskType.id, values))
  }

  const languageOptions = languages.map((language) => ({
    value: String(language.id),
    label: `${language.name} (${language.code})`,
  }))
  const busy = upload.isPending

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Upload data`}>
      <Stack gap="md" maw={720}>
        <FileInput
          label={t`Data file`}
          description={t`JSON Lines, CSV or a JSON array, or a ZIP holding one of those with the audio and image files its items name.`}
          placeholder={t`Choose a file`}
          accept={TASK_UPLOAD_EXTENSIONS.join(',')}
          required
          clearable
          value={values.file}
          onChange={(file) => set('file', file)}
          // The problems' alert right below says the file was refused: the input only turns red.
          error={problems.length > 0 || errors.file}
          disabled={busy}
        />
        <FileProblems problems={problems} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Base language`}
            data={languageOptions}
            searchable
            required
            value={values.base_language}
            onChange={(value) => set('base_language', value)}
            error={errors.base_language}
            disabled={busy}
          />
          <Select
            label={t`Target language`}
            data={languageOptions}
            searchable
            required
            value={values.target_language}
            onChange={(value) => set('target_language', value)}
            error={errors.target_language}
            disabled={busy}
          />
        </SimpleGrid>
        <Switch
          label={t`Settle the target language`}
          description={t`Only workers who speak the target language get the task.`}
          checked={values.settle_target_lang}
          onChange={(event) => set('settle_target_lang', event.currentTarget.checked)}
          error={errors.settle_target_lang}
          disabled={busy}
        />
        <GrowingTextarea
          label={t`Description`}
          minRows={2}
          maxLength={TASK_DESCRIPTION_MAX_CHARS}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errors.description}
          disabled={busy}
        />
        <KeyValueEditor
          label={t`Metadata`}
          pairs={values.metadata}
          onChange={(pairs) => set('metadata', pairs)}
          error={errors.metadata}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Project`}
            placeholder={t`No project`}
            data={taskType.projects.map((project) => ({
              value: String(project.id),
              label: project.name,
            }))}
            clearable
            value={values.project}
            onChange={(value) => set('project', value)}
            error={errors.project}
            disabled={busy}
          />
          <MomentInput
            label={t`Deadline`}
            clearable
            value={values.deadline}
            onChange={(moment) => set('deadline', moment ?? '')}
            error={errors.deadline}
            disabled={busy}
          />
        </SimpleGrid>
        <Switch
          label={t`Start the task when it is ready`}
          description={t`Otherwise it waits in the Created status until you start it.`}
          checked={values.start_task}
          onChange={(event) => set('start_task', event.currentTarget.checked)}
          disabled={busy}
        />
        <FormError message={general} />
        {progress && (
          <UploadProgress progress={progress} onCancel={() => controller.current?.abort()} />
        )}
        <Group>
          <Button type="submit" loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>
            <Trans>Upload</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
