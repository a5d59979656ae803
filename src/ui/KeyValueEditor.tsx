import { Trans, useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import { RowListEditor } from './RowListEditor'

export type KeyValuePair = { key: string; value: string }

export function toPairs(record: Record<string, string>): KeyValuePair[] {
  return Object.entries(record).map(([key, value]) => ({ key, value }))
}

/** Pairs without a key are rows the user has not filled in yet; they are left out. */
export function fromPairs(pairs: KeyValuePair[]): Record<string, string> {
  return Object.fromEntries(
    pairs.filter(({ key }) => key.trim() !== '').map(({ key, value }) => [key.trim(), value]),
  )
}

type KeyValueEditorProps = {
  /** Names the group and each input ("Metadata key 1"...). */
  label: string
  pairs: KeyValuePair[]
  onChange: (pairs: KeyValuePair[]) => void
  error?: string
}

/** Rows of key and value inputs with add and remove buttons (metadata, local settings). */
export function KeyValueEditor({ label, pairs, onChange, error }: KeyValueEditorProps) {
  const { t } = useLingui()
  const update = (index: number, change: Partial<KeyValuePair>) =>
    onChange(pairs.map((pair, at) => (at === index ? { ...pair, ...change } : pair)))

  return (
    <RowListEditor
      label={label}
      title={label}
      rows={pairs}
      onChange={onChange}
      renderRow={(pair, index, position) => (
        <>
          <TextInput
            aria-label={t`${label} key ${position}`}
            placeholder={t`Key`}
            value={pair.key}
            onChange={(event) => update(index, { key: event.currentTarget.value })}
            flex={1}
          />
          <TextInput
            aria-label={t`${label} value ${position}`}
            placeholder={t`Value`}
            value={pair.value}
            onChange={(event) => update(index, { value: event.currentTarget.value })}
            flex={2}
          />
        </>
      )}
      removeLabel={(position) => t`Remove ${label} pair ${position}`}
      addLabel={<Trans>Add a pair</Trans>}
      emptyRow={() => ({ key: '', value: '' })}
      error={error}
    />
  )
}
