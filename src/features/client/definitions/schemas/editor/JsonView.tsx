import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { GrowingTextarea } from '../../../../../ui/GrowingTextarea'
import type { useJsonText } from './json-sync'
import { ProblemList } from './ProblemList'

/**
 * The schema document as JSON text. Problems of a readable document show above the editor
 * tabs; here go the reasons the text cannot be read at all.
 */
export function JsonView({ json }: { json: ReturnType<typeof useJsonText> }) {
  const { t } = useLingui()
  const { reading } = json
  return (
    <Stack gap="sm">
      {reading.syntaxError && (
        <Alert color="red" role="alert" title={<Trans>This is not valid JSON</Trans>}>
          {reading.syntaxError}
        </Alert>
      )}
      {!reading.document && !reading.syntaxError && <ProblemList problems={reading.problems} />}
      {json.detached && (
        <Alert color="yellow">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>
                Until this text can be read, the form and the preview show the last readable schema,
                and the schema cannot be saved. Your text is kept as you typed it.
              </Trans>
            </Text>
            <Button size="xs" variant="light" onClick={json.takeFormDocument}>
              <Trans>Replace the text with the form's schema</Trans>
            </Button>
          </Stack>
        </Alert>
      )}
      <GrowingTextarea
        label={t`Schema JSON`}
        description={t`Edits here update the form and the preview as soon as the text is valid.`}
        value={json.text}
        onChange={(event) => json.setText(event.currentTarget.value)}
        minRows={12}
        maxRows={40}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        error={reading.document ? undefined : t`The text cannot be used yet.`}
      />
    </Stack>
  )
}
