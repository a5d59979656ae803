import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Collapse, Group, Select, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import type { FeedbackItemOptions } from '../../../contract/review'
import { markLabel } from '../review/marks'
import type { FeedbackItemFilters as Filters } from './queries'

type Props = { options: FeedbackItemOptions; value: Filters; onChange: (value: Filters) => void }

/** The collapsible Filters of the feedback items, with a badge counting those set. */
export function FeedbackItemFilters({ options, value, onChange }: Props) {
  const { t, i18n } = useLingui()
  const [opened, { toggle }] = useDisclosure(false)
  const setCount = Object.values(value).filter((chosen) => chosen !== undefined).length
  const select = (name: keyof Filters, label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      data={data}
      value={value[name] === undefined ? null : String(value[name])}
      onChange={(chosen) =>
        onChange({ ...value, [name]: chosen === null ? undefined : Number(chosen) })
      }
      clearable
      w={220}
    />
  )
  return (
    <div>
      <Group gap="sm">
        <UnstyledButton onClick={toggle} aria-expanded={opened}>
          <Group gap={4}>
            {opened ? (
              <IconChevronDown size={16} aria-hidden />
            ) : (
              <IconChevronRight size={16} aria-hidden />
            )}
            <Trans>Filters</Trans>
            <Badge size="sm" variant="light" aria-label={t`Filters set: ${setCount}`}>
              {setCount}
            </Badge>
          </Group>
        </UnstyledButton>
        {setCount > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange({})}>
            <Trans>Reset filtering</Trans>
          </Button>
        )}
      </Group>
      <Collapse expanded={opened}>
        <Group align="flex-end" gap="sm" mt="sm">
          {select(
            'protocol',
            t`Protocol`,
            options.protocols.map((p) => ({
              value: String(p.id),
              label: `${p.name} v${p.version}`,
            })),
          )}
          {select(
            'reviewer',
            t`Reviewer`,
            options.reviewers.map((r) => ({ value: String(r.id), label: r.username })),
          )}
          {select(
            'mark',
            t`Mark`,
            options.marks.map((mark) => {
              const label = markLabel(mark)
              return { value: String(mark), label: label ? i18n._(label) : String(mark) }
            }),
          )}
        </Group>
      </Collapse>
    </div>
  )
}
