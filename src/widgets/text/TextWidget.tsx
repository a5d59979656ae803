import { useLingui } from '@lingui/react/macro'
import { Group, Stack, TextInput } from '@mantine/core'
import { type ChangeEvent, type Ref, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { GrowingTextarea } from '../../ui/GrowingTextarea'
import { useItemWidgets } from '../ItemContext'
import type { WidgetProps } from '../types'
import { textValue } from '../values'
import { inlineStyles, widgetLabel } from '../WidgetLabel'
import { DiacriticPalette } from './DiacriticPalette'
import {
  type Edit,
  insertAtSelection,
  insertDictation,
  insertSeparated,
  replaceNewlines,
} from './insert'
import { SpeechButton } from './SpeechButton'
import { TagButtons } from './TagButtons'
import { useSpeechToText } from './useSpeechToText'

type Field = HTMLInputElement | HTMLTextAreaElement

/**
 * The text and textarea widgets (config.component tells which). Besides typing, text can come
 * from the tag buttons, the diacritic palette, dictation and the audio player's time tag; all of
 * them insert at the cursor, or at the place the cursor was when the field lost the focus.
 */
export function TextWidget({
  name,
  config,
  value,
  onChange,
  readOnly,
  invalid,
  language,
  preferences,
}: WidgetProps) {
  const { t } = useLingui()
  const multiline = config.component === 'textarea'
  const text = textValue(value)
  const field = useRef<Field>(null)
  // Inserts can follow each other before the parent re-renders (a dictated phrase, then a time
  // tag): they build on the text as last edited here, not on a possibly stale prop.
  const current = useRef(text)
  current.current = text
  const pendingSelection = useRef<Edit['selection'] | null>(null)
  const newlineReplacement =
    multiline && config.replaceNewlineChar ? config.replaceNewlineChar : null

  const apply = (edit: Edit) => {
    current.current = edit.text
    pendingSelection.current = edit.selection
    onChange?.(edit.text)
  }

  // The cursor is put where the edit ended once the new text is in the field.
  useLayoutEffect(() => {
    const selection = pendingSelection.current
    if (selection && field.current && field.current.value === text) {
      field.current.setSelectionRange(selection.start, selection.end)
      pendingSelection.current = null
    }
  }, [text])

  const selection = () => ({
    start: field.current?.selectionStart ?? current.current.length,
    end: field.current?.selectionEnd ?? current.current.length,
  })

  /** Signs go into the word at the cursor; tags stand apart from the words around them. */
  const insert = (open: string, close?: string, { separated = false } = {}) => {
    const place = separated ? insertSeparated : insertAtSelection
    apply(place(current.current, selection(), open, close))
    field.current?.focus()
  }

  // The item's other widgets (the audio time tag) insert through this target, which stays the
  // same object for the item's context while always calling this render's insert.
  const latestInsert = useRef(insert)
  latestInsert.current = insert
  const target = useMemo(
    () => ({ insert: (tag: string) => latestInsert.current(tag, undefined, { separated: true }) }),
    [],
  )
  const { registerTextTarget, focusTextTarget, inputName } = useItemWidgets()
  useEffect(
    () => (readOnly ? undefined : registerTextTarget(target)),
    [readOnly, registerTextTarget, target],
  )

  const speech = useSpeechToText({
    enabledByTask: config.enableSTT === true,
    endAfterNoSpeech: preferences.stt_end_after_no_speech,
    lang: language?.code,
    onText: (spoken) => apply(insertDictation(current.current, selection(), spoken)),
  })

  const handleChange = (event: ChangeEvent<Field>) => {
    const typed = event.currentTarget.value
    if (newlineReplacement !== null) {
      const edit = replaceNewlines(
        typed,
        event.currentTarget.selectionStart ?? typed.length,
        newlineReplacement,
      )
      if (edit.text !== typed) {
        apply(edit)
        return
      }
    }
    current.current = typed
    onChange?.(typed)
  }

  const { props: labelProps, text: labelText } = widgetLabel(config, name)
  const common = {
    name: inputName(name),
    // The browser's suggestions of what was typed before would offer other items' answers.
    autoComplete: 'off',
    ...labelProps,
    placeholder: config.placeholder,
    value: text,
    readOnly,
    variant: readOnly ? 'filled' : 'default',
    error: invalid,
    styles: config.is_inline ? inlineStyles : undefined,
    onChange: readOnly ? undefined : handleChange,
    onFocus: readOnly ? undefined : () => focusTextTarget(target),
  } as const

  const signs = !readOnly && config.showDiacriticalSigns && language ? language.signs : []
  const tags = readOnly ? [] : (config.tags ?? [])
  // The button shows only where the schema mentions dictation: enableSTT true offers it, and an
  // explicit false shows it disabled with the spec's message; absent, text widgets stay plain.
  const showSpeech = !readOnly && config.enableSTT !== undefined

  return (
    <Stack gap={4}>
      {multiline ? (
        <GrowingTextarea
          {...common}
          ref={field as Ref<HTMLTextAreaElement>}
          minRows={2}
          maxRows={12}
        />
      ) : (
        <TextInput {...common} ref={field as Ref<HTMLInputElement>} />
      )}
      {(tags.length > 0 || signs.length > 0 || showSpeech) && (
        <Group gap={4} role="group" aria-label={t`Insert into ${labelText}`}>
          <TagButtons
            tags={tags}
            onInsert={(tag) => insert(tag.tag, tag.closing_tag, { separated: true })}
          />
          <DiacriticPalette signs={signs} onInsert={(sign) => insert(sign)} />
          {showSpeech && (
            <SpeechButton
              availability={speech.availability}
              state={speech.state}
              error={speech.error}
              onStart={speech.start}
              onStop={speech.stop}
            />
          )}
        </Group>
      )}
    </Stack>
  )
}
