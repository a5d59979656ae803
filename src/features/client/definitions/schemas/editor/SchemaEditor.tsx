import { useLingui } from '@lingui/react/macro'
import { Badge, Stack, Tabs } from '@mantine/core'
import { useMemo } from 'react'
import type { FieldErrors } from '../../../../../ui/forms/form-errors'
import type { EditorDocument } from './document'
import { FieldsEditor } from './FieldsEditor'
import { JsonView } from './JsonView'
import type { useJsonText } from './json-sync'
import { LivePreview } from './LivePreview'
import { ProblemList } from './ProblemList'
import { checkDocument } from './problems'
import { RowsVisibilityEditor, ValidatorsEditor } from './RulesEditor'

type SchemaEditorProps = {
  document: EditorDocument
  onChange: (document: EditorDocument) => void
  /** The JSON view's text, kept by the form so it can refuse to save unreadable text. */
  json: ReturnType<typeof useJsonText>
  /** Problems from the last save (the server's), by path within the document. */
  errors: FieldErrors
}

/**
 * The task schema editor: fields, validators and row visibility as forms, the same document as
 * JSON, and a live preview. The document is checked as it changes, with each problem shown at
 * its input and all of them listed above the tabs.
 */
export function SchemaEditor({ document, onChange, json, errors }: SchemaEditorProps) {
  const { t, i18n } = useLingui()
  const checked = useMemo(() => checkDocument(document, i18n), [document, i18n])
  const problems = { ...liveProblems(checked.problems, document), ...errors }
  const sections = { document, onChange, problems }

  return (
    <Stack gap="md">
      <ProblemList problems={problems} />
      <Tabs defaultValue="fields" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="fields">{t`Fields`}</Tabs.Tab>
          <Tabs.Tab
            value="validators"
            rightSection={<CountBadge count={document.validators.length} />}
          >
            {t`Validators`}
          </Tabs.Tab>
          <Tabs.Tab
            value="visibility"
            rightSection={<CountBadge count={document.rows_visibility.length} />}
          >
            {t`Row visibility`}
          </Tabs.Tab>
          <Tabs.Tab value="json" color={json.reading.document ? undefined : 'red'}>
            {t`JSON`}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fields" pt="md">
          <FieldsEditor {...sections} />
        </Tabs.Panel>
        <Tabs.Panel value="validators" pt="md">
          <ValidatorsEditor {...sections} />
        </Tabs.Panel>
        <Tabs.Panel value="visibility" pt="md">
          <RowsVisibilityEditor {...sections} />
        </Tabs.Panel>
        <Tabs.Panel value="json" pt="md">
          <JsonView json={json} />
        </Tabs.Panel>
      </Tabs>
      <LivePreview schema={checked.output} />
    </Stack>
  )
}

/**
 * The live check's problems, less the missing annotation field of a schema that has none yet:
 * its empty section asks for one instead (a save still refuses it, with the server's wording).
 */
function liveProblems(problems: FieldErrors | null, document: EditorDocument): FieldErrors {
  if (!problems || Object.keys(document.annotation_schema).length > 0) return problems ?? {}
  const { annotation_schema: _asked, ...others } = problems
  return others
}

function CountBadge({ count }: { count: number }) {
  return count > 0 ? (
    <Badge size="xs" variant="light" circle>
      {count}
    </Badge>
  ) : null
}
