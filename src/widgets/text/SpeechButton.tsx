import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, Loader, Text } from '@mantine/core'
import { IconMicrophone, IconPlayerStop } from '@tabler/icons-react'
import { useId } from 'react'
import { OnDemandTooltip } from '../../ui/OnDemandTooltip'
import type { SpeechAvailability, SpeechState } from './useSpeechToText'

/** The spec's messages for dictation that cannot start. */
const unavailableMessages: Record<Exclude<SpeechAvailability, 'available'>, MessageDescriptor> = {
  unavailable: msg`Speech To Text functionality is unavailable.`,
  firefox: msg`Speech To Text functionality is not supported in the Firefox browser.`,
  disabled: msg`Speech To Text functionality is disabled in current Task configuration.`,
}

const stateMessages: Record<Exclude<SpeechState, 'initialized'>, MessageDescriptor> = {
  turning_mic_on: msg`Turning the microphone on…`,
  listening: msg`Listening…`,
  processing: msg`Processing speech…`,
}

type Props = {
  availability: SpeechAvailability
  state: SpeechState
  error: string | null
  onStart: () => void
  onStop: () => void
}

/**
 * The dictation button of a text widget with its state. When dictation cannot start the button
 * stays focusable (aria-disabled rather than disabled) so keyboard users can still reach the
 * tooltip that says why.
 */
export function SpeechButton({ availability, state, error, onStart, onStop }: Props) {
  const { t, i18n } = useLingui()
  const reasonId = useId()
  const active = state !== 'initialized'

  if (availability !== 'available') {
    const reason = i18n._(unavailableMessages[availability])
    return (
      <OnDemandTooltip label={reason} multiline maw={280}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Speech to text`}
          aria-disabled
          aria-describedby={reasonId}
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          <IconMicrophone size={18} aria-hidden />
          <span id={reasonId} hidden>
            {reason}
          </span>
        </ActionIcon>
      </OnDemandTooltip>
    )
  }

  return (
    <Group gap={6} wrap="nowrap">
      <OnDemandTooltip label={active ? t`Stop dictation` : t`Dictate with speech to text`}>
        <ActionIcon
          variant={active ? 'filled' : 'light'}
          color={active ? 'red' : 'blue'}
          aria-label={active ? t`Stop dictation` : t`Start dictation`}
          aria-pressed={active}
          data-state={state}
          onClick={active ? onStop : onStart}
        >
          {active ? (
            <IconPlayerStop size={18} aria-hidden />
          ) : (
            <IconMicrophone size={18} aria-hidden />
          )}
        </ActionIcon>
      </OnDemandTooltip>
      <Text size="xs" c="dimmed" aria-live="polite">
        {state === 'initialized' ? null : i18n._(stateMessages[state])}
        {state === 'turning_mic_on' && <Loader size={10} ml={4} />}
      </Text>
      {error && (
        <Text size="xs" c="red" role="alert">
          {t`Speech Recognition error: ${error}`}
        </Text>
      )}
    </Group>
  )
}
