import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import {
  TaskSchemaCreateSchema,
  type TaskSchemaEntity,
} from '../../../../../contract/client-definitions'
import { useForm } from '../../../../ui/forms/use-form'
import { useClientGroupFilter } from '../../use-client-group'
import { type EditFormProps, VersionedForm } from '../shared/VersionedForm'
import { createSchema, patchSchema } from './api'
import { type EditorDocument, editorDocument, emptyDocument } from './editor/document'
import { useJsonText } from './editor/json-sync'
import { errorsWithin, schemaIssueWording } from './editor/problems'
import { SchemaEditor } from './editor/SchemaEditor'

type Values = { name: string; client_group: number | null; schema: EditorDocument }

const valuesOf = (schema: TaskSchemaEntity): Values => ({
  name: schema.name,
  client_group: schema.client_group.id,
  schema: editorDocument(schema.schema),
})

/**
 * Creates a schema or edits a version: the name, the client group (only when creating) and the
 * document. The document is checked here before anything is sent; the server's problems come
 * back under the same inputs.
 */
export function SchemaForm({ existing, onSaved }: EditFormProps<TaskSchemaEntity>) {
  const { i18n } = useLingui()
  const defaultGroup = useClientGroupFilter()
  const form = useForm({
    initialValues: existing
      ? valuesOf(existing)
      : { name: '', client_group: null, schema: emptyDocument() },
    schema: TaskSchemaCreateSchema,
    toInput: (values: Values) => ({
      ...values,
      client_group: values.client_group ?? defaultGroup,
    }),
    check: () =>
      json.detached
        ? {
            schema: msg`The JSON text cannot be read: fix it or replace it with the form's schema.`,
          }
        : {},
    describeIssue: schemaIssueWording(i18n),
    nestedFields: ['schema'],
    submit: ({ name, client_group, schema }) =>
      existing
        ? patchSchema(existing.id, { name, schema })
        : createSchema({ name, client_group, schema }),
    onSuccess: (saved) => {
      // An edit kept in place goes on from the server's copy; a new version has its own page.
      if (saved.id === existing?.id) form.reset(valuesOf(saved))
      onSaved(saved)
    },
  })
  const json = useJsonText(form.values.schema, (schema) => form.setValue('schema', schema))

  return (
    <VersionedForm kind="task-schemas" form={form} editing={existing !== undefined}>
      <SchemaEditor
        document={form.values.schema}
        onChange={(schema) => form.setValue('schema', schema)}
        json={json}
        errors={errorsWithin(form.errors, 'schema')}
      />
    </VersionedForm>
  )
}
