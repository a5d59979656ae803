import { useLingui } from '@lingui/react/macro'
import { SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core'
import type { WidgetConfig } from '../../../../../../contract/task-schema'
import { type ConfigKey, configKeysOf } from './document'
import { TagsEditor } from './TagsEditor'

type WidgetConfigEditorProps = {
  config: WidgetConfig
  onChange: (config: WidgetConfig) => void
  /** The problem at a config path (`options`, `label`...), if any. */
  problemAt: (path: string) => string | undefined
  /** Names the inputs after the field ('Label of transcript'). */
  fieldName: string
}

type Flag = Extract<
  ConfigKey,
  | 'multiple'
  | 'enableSTT'
  | 'showDiacriticalSigns'
  | 'showAudioCurrentTimeTag'
  | 'enableSeekingForward'
  | 'is_inline'
>

/**
 * The settings of one widget: its label with an optional hint, then only the settings the chosen
 * widget reads. Unset settings are left out of the document rather than stored as false or ''.
 */
export function WidgetConfigEditor({
  config,
  onChange,
  problemAt,
  fieldName,
}: WidgetConfigEditorProps) {
  const { t } = useLingui()
  const keys = new Set(configKeysOf(config.component))
  const set = <K extends keyof WidgetConfig>(key: K, value: WidgetConfig[K] | undefined) => {
    const next = { ...config }
    const empty =
      value === undefined ||
      value === false ||
      value === '' ||
      (Array.isArray(value) && value.length === 0)
    if (empty) delete next[key]
    else next[key] = value
    onChange(next)
  }

  // A label with a hint is stored as an object; its other keys (classes, style) are kept.
  const label = config.label
  const labelText = typeof label === 'object' ? label.value : (label ?? '')
  const hint = typeof label === 'object' ? (label.hint ?? '') : ''
  const setLabel = (text: string, nextHint: string) => {
    const { hint: _, ...others } =
      typeof label === 'object' ? { ...label, value: text } : { value: text }
    const keepObject = nextHint !== '' || Object.keys(others).length > 1
    set('label', keepObject ? { ...others, ...(nextHint ? { hint: nextHint } : {}) } : text)
  }

  const flags: { key: Flag; label: string }[] = [
    { key: 'multiple', label: t`Several choices (stored joined with ;)` },
    { key: 'enableSTT', label: t`Speech-to-text dictation` },
    { key: 'showDiacriticalSigns', label: t`Buttons for the language's diacritic signs` },
    { key: 'showAudioCurrentTimeTag', label: t`Button inserting the current audio time` },
    { key: 'enableSeekingForward', label: t`Let workers seek past what they have heard` },
    { key: 'is_inline', label: t`Label and value on one line` },
  ]

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t`Label of ${fieldName}`}
          value={labelText}
          onChange={(event) => setLabel(event.currentTarget.value, hint)}
          error={problemAt('label')}
        />
        <TextInput
          label={t`Hint of ${fieldName}`}
          description={t`Optional; shown next to the label.`}
          value={hint}
          onChange={(event) => setLabel(labelText, event.currentTarget.value)}
        />
      </SimpleGrid>
      {keys.has('options') && (
        <TagsInput
          label={t`Options of ${fieldName}`}
          description={t`Press Enter after each option.`}
          value={config.options ?? []}
          onChange={(options) => set('options', options)}
          error={problemAt('options')}
          acceptValueOnBlur
        />
      )}
      {keys.has('placeholder') && (
        <TextInput
          label={t`Placeholder of ${fieldName}`}
          value={config.placeholder ?? ''}
          onChange={(event) => set('placeholder', event.currentTarget.value)}
          error={problemAt('placeholder')}
        />
      )}
      {keys.has('replaceNewlineChar') && (
        <TextInput
          label={t`Replace new lines of ${fieldName} with`}
          description={t`Leave empty to keep new lines.`}
          value={config.replaceNewlineChar ?? ''}
          onChange={(event) => set('replaceNewlineChar', event.currentTarget.value)}
          error={problemAt('replaceNewlineChar')}
          maw={240}
        />
      )}
      {keys.has('tags') && (
        <TagsEditor
          fieldName={fieldName}
          tags={config.tags ?? []}
          onChange={(tags) => set('tags', tags)}
          problemAt={(path) => problemAt(`tags.${path}`)}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {flags
          .filter((flag) => keys.has(flag.key))
          .map((flag) => (
            <Switch
              key={flag.key}
              label={flag.label}
              checked={config[flag.key] === true}
              onChange={(event) => set(flag.key, event.currentTarget.checked)}
            />
          ))}
      </SimpleGrid>
    </Stack>
  )
}
