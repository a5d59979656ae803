import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMemo, useState } from 'react'
import type { Preferences } from '../../../../../../contract/auth'
import {
  MEDIA_COMPONENTS,
  type TaskSchemaDocument,
  type WidgetComponent,
} from '../../../../../../contract/task-schema'
import { type AnnotationValues, ItemRenderer } from '../../../../../widgets'

/** The preview plays no audio on hover and stops dictation as a new worker would have it. */
const PREVIEW_PREFERENCES: Preferences = {
  play_on_hover: false,
  overlapping_playback: false,
  stt_end_after_no_speech: false,
}

/**
 * Media samples are given as addresses, so the preview fetches whatever the author points to.
 * Until they give one, a media field shows a sample file shipped with the app.
 */
const sampleMediaUrl = (address: string) => address

const BUILT_IN_SAMPLES: Partial<Record<WidgetComponent, string>> = {
  audio: '/preview/sample-audio.wav',
  image: '/preview/sample-image.svg',
}

/** The item the preview draws: the author's sample values, built-in media where none is given. */
function previewItemData(schema: TaskSchemaDocument, typed: Record<string, string>) {
  const data: Record<string, string> = {}
  for (const [name, field] of Object.entries(schema.item_schema)) {
    const value = typed[name]?.trim() ?? ''
    data[name] = value === '' ? (BUILT_IN_SAMPLES[field.widget.config.component] ?? '') : value
  }
  return data
}

/**
 * The item as workers will see it, drawn by the real widgets. The author types sample item
 * values and can fill in the annotation fields to try the validators and row visibility.
 */
export function LivePreview({ schema }: { schema: TaskSchemaDocument | null }) {
  const { t } = useLingui()
  const [itemData, setItemData] = useState<Record<string, string>>({})
  const [annotation, setAnnotation] = useState<AnnotationValues>({})
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const item = useMemo(
    () => ({ id: 0, data: schema ? previewItemData(schema, itemData) : {} }),
    [schema, itemData],
  )

  return (
    <Paper withBorder p="md" component="section" aria-label={t`Live preview`}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h5">
            <Trans>Live preview</Trans>
          </Title>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setAnnotation({})
              setTouched(new Set())
            }}
          >
            <Trans>Clear the answers</Trans>
          </Button>
        </Group>
        {schema === null ? (
          <Alert color="gray">
            <Trans>
              The preview appears once the schema has an annotation field and no problems.
            </Trans>
          </Alert>
        ) : (
          <>
            {Object.keys(schema.item_schema).length > 0 && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {Object.entries(schema.item_schema).map(([name, field]) => (
                  <TextInput
                    key={name}
                    size="xs"
                    label={
                      MEDIA_COMPONENTS.includes(field.widget.config.component)
                        ? t`Sample file address for ${name}`
                        : t`Sample value for ${name}`
                    }
                    value={itemData[name] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value
                      setItemData((current) => ({ ...current, [name]: value }))
                    }}
                  />
                ))}
              </SimpleGrid>
            )}
            <Paper bg="var(--mantine-color-body)" p="sm" withBorder>
              <ItemRenderer
                schema={schema}
                item={item}
                value={annotation}
                onChange={(next, field) => {
                  setAnnotation(next)
                  setTouched((current) => new Set(current).add(field))
                }}
                validateLocally
                touched={touched}
                mediaUrl={sampleMediaUrl}
                preferences={PREVIEW_PREFERENCES}
              />
            </Paper>
            <Text size="xs" c="dimmed">
              <Trans>Answers typed here are not saved.</Trans>
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  )
}
