import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Kbd, Table, Text } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { IconKeyboard } from '@tabler/icons-react'
import { Fragment } from 'react'
import { OnDemandPopover } from '../../ui/OnDemandPopover'

type ShortcutAction = 'next' | 'previous' | 'done' | 'play' | 'replay'

type Shortcut = { action: ShortcutAction; hotkey: string; keys: string[]; label: MessageDescriptor }

/** Alt combinations, so they work while typing in a field and clash with no text input. */
const SHORTCUTS: Shortcut[] = [
  { action: 'next', hotkey: 'alt+ArrowDown', keys: ['Alt', '↓'], label: msg`Next item` },
  { action: 'previous', hotkey: 'alt+ArrowUp', keys: ['Alt', '↑'], label: msg`Previous item` },
  {
    action: 'done',
    hotkey: 'alt+D',
    keys: ['Alt', 'D'],
    label: msg`Mark the item done, or not done`,
  },
  {
    action: 'play',
    hotkey: 'alt+P',
    keys: ['Alt', 'P'],
    label: msg`Play or pause the item's audio`,
  },
  { action: 'replay', hotkey: 'alt+R', keys: ['Alt', 'R'], label: msg`Replay the item's audio` },
]

/**
 * The annotation screen's shortcuts. Physical keys, so they work on any keyboard layout (and on
 * macOS, where Alt+letter types a symbol); also inside text fields.
 */
export function useAnnotationShortcuts(handlers: Record<ShortcutAction, () => void>): void {
  useHotkeys(
    SHORTCUTS.map(({ action, hotkey }) => [hotkey, handlers[action], { usePhysicalKeys: true }]),
    [],
  )
}

/** A shortcut as the help lists it: its keys and what it does. */
export type ShortcutHelpEntry = Pick<Shortcut, 'keys' | 'label'> & { action: string }

/** The shortcuts (the annotation screen's by default), listed in a popover from the header. */
export function ShortcutsHelp({ shortcuts = SHORTCUTS }: { shortcuts?: ShortcutHelpEntry[] }) {
  const { t, i18n } = useLingui()
  return (
    <OnDemandPopover
      position="bottom-end"
      shadow="md"
      withArrow
      target={
        <ActionIcon variant="default" size="lg" aria-label={t`Shortcuts of this screen`}>
          <IconKeyboard size={18} aria-hidden />
        </ActionIcon>
      }
    >
      <Text fw={700} size="sm" mb="xs">
        <Trans>Keyboard shortcuts</Trans>
      </Text>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {shortcuts.map(({ action, keys, label }) => (
            <Table.Tr key={action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && ' + '}
                    <Kbd>{key}</Kbd>
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{i18n._(label)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </OnDemandPopover>
  )
}
