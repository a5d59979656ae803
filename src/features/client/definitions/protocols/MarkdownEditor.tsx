import { useLingui } from '@lingui/react/macro'
import { Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core'
import { GrowingTextarea } from '../../../../ui/GrowingTextarea'
import { ProtocolViewer } from '../../../protocols/ProtocolViewer'

type MarkdownEditorProps = {
  value: string
  onChange: (value: string) => void
  error?: string
}

/** The Markdown of a text protocol, with the protocol viewer beside it showing the result. */
export function MarkdownEditor({ value, onChange, error }: MarkdownEditorProps) {
  const { t } = useLingui()
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <GrowingTextarea
        label={t`Protocol text (Markdown)`}
        description={t`Headings with #, lists with -, **bold**, [links](https://…).`}
        required
        minRows={14}
        maxRows={30}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t`Preview`}
        </Text>
        <Paper withBorder p="sm" component="section" aria-label={t`Protocol preview`}>
          {/* Focusable, so a keyboard can scroll a long preview. */}
          <ScrollArea.Autosize mah={560} viewportProps={{ tabIndex: 0 }}>
            <ProtocolViewer
              protocol={{ serving_type: 'TXT', content: value, diff: null, show_changes: false }}
            />
          </ScrollArea.Autosize>
        </Paper>
      </Stack>
    </SimpleGrid>
  )
}
