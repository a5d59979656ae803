import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Center, Loader, Paper, Select, Stack, Switch, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Preferences } from '../../../contract/auth'
import { DISPLAY_LANGUAGES } from '../../../contract/constants'
import {
  activateDisplayLanguage,
  displayLanguageNames,
  resolveDisplayLanguage,
} from '../../i18n/i18n'
import { storage } from '../../storage'
import { notifyError } from '../../ui/notify'
import { authKeys, preferencesQuery } from '../auth/queries'
import { updatePreferences } from './api'
import { ColorSchemeChoice } from './ColorSchemeChoice'

type PreferenceKey = keyof Preferences

const preferenceTexts: Record<
  PreferenceKey,
  { label: MessageDescriptor; description: MessageDescriptor }
> = {
  play_on_hover: {
    label: msg`Play audio on hover`,
    description: msg`Audio samples start playing when the pointer moves over them, without a click.`,
  },
  overlapping_playback: {
    label: msg`Overlapping playback`,
    description: msg`Several audio samples may play at the same time; otherwise starting one stops the others.`,
  },
  stt_end_after_no_speech: {
    label: msg`Stop speech-to-text after silence`,
    description: msg`Dictation ends by itself when you stop speaking, instead of listening until you stop it.`,
  },
}

const PREFERENCE_KEYS = Object.keys(preferenceTexts) as PreferenceKey[]

/** /user/settings: the player and dictation preferences, the display language and colours. */
export function SettingsPage() {
  return (
    <Stack gap="lg">
      <PreferenceSwitches />
      <DisplayLanguageSelect />
      <ColorSchemeChoice />
    </Stack>
  )
}

/**
 * Each switch saves at once. The change shows (and reaches the local copy the players read)
 * before the server answers, and is undone if the server refuses it.
 */
function PreferenceSwitches() {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const queryClient = useQueryClient()
  const preferences = useQuery(preferencesQuery())

  const setPreference = (key: PreferenceKey, value: boolean) => {
    queryClient.setQueryData<Preferences>(authKeys.preferences(), (current) =>
      current ? { ...current, [key]: value } : current,
    )
    storage.set(key, value)
  }

  const save = useMutation({
    mutationFn: ({ key, value }: { key: PreferenceKey; value: boolean }) =>
      updatePreferences({ [key]: value }),
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: authKeys.preferences() })
      setPreference(key, value)
    },
    onError: (error, { key, value }) => {
      setPreference(key, !value)
      notifyError({ message: t`Your setting could not be saved. Try again later.`, error })
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(authKeys.preferences(), saved)
      for (const key of PREFERENCE_KEYS) storage.set(key, saved[key])
    },
  })

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          <Trans>Audio and dictation</Trans>
        </Title>
        {preferences.isPending ? (
          <Center role="status">
            <Loader aria-label={t`Loading your settings…`} />
          </Center>
        ) : (
          PREFERENCE_KEYS.map((key) => (
            <Switch
              key={key}
              label={i18n._(preferenceTexts[key].label)}
              description={i18n._(preferenceTexts[key].description)}
              checked={preferences.data?.[key] ?? false}
              onChange={(event) => save.mutate({ key, value: event.currentTarget.checked })}
            />
          ))
        )}
      </Stack>
    </Paper>
  )
}

function DisplayLanguageSelect() {
  const { t, i18n } = useLingui()
  const [loading, setLoading] = useState(false)
  const titleId = useId()
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          <Trans>Display language</Trans>
        </Title>
        {/* Each language is named in itself, so it can be found whatever is shown now. */}
        <Select
          label={t`Language of the application`}
          maw={320}
          data={DISPLAY_LANGUAGES.map((code) => ({
            value: code,
            label: displayLanguageNames[code],
          }))}
          value={resolveDisplayLanguage(i18n.locale)}
          allowDeselect={false}
          disabled={loading}
          // A pack that fails to load leaves the language as it was (logged by the loader).
          onChange={async (code) => {
            setLoading(true)
            await activateDisplayLanguage(code)
            setLoading(false)
          }}
        />
      </Stack>
    </Paper>
  )
}
