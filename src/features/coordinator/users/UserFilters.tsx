import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Collapse, NumberInput, SimpleGrid, Stack } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconAdjustments } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { AVAILABILITY_MAX_HOURS } from '../../../../contract/constants'
import { RATIO_MAX } from '../../../../contract/coordinator-users'
import { DebouncedSearch } from '../../client/tasks/table/DebouncedSearch'
import { DayRangeFilter, IdFilter } from '../../client/tasks/table/filter-inputs'
import { CoordinationGroupFilter } from '../CoordinationGroupFilter'
import { FlagFilter } from '../FlagFilter'
import { userOptionsQuery } from './queries'
import type { UserListSearch } from './search'

type UserFiltersProps = {
  search: UserListSearch
  /** Changes the filters; the list goes back to its first page. */
  onFilter: (patch: Partial<UserListSearch>) => void
}

type BoundProps = {
  label: string
  value: number | undefined
  max: number
  onChange: (value: number | undefined) => void
}

function BoundFilter({ label, value, max, onChange }: BoundProps) {
  return (
    <NumberInput
      label={label}
      value={value ?? ''}
      min={0}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
    />
  )
}

/** The users list's filters: the usual ones in view, the rest behind "More filters". */
export function UserFilters({ search, onFilter }: UserFiltersProps) {
  const { t } = useLingui()
  const languages = useQuery(userOptionsQuery()).data?.languages ?? []
  const advancedInUse = [
    search.is_sso_account,
    search.has_languages,
    search.main_language,
    search.native_language,
    search.ratio_min,
    search.ratio_max,
    search.availability_min,
    search.availability_max,
    search.joined_from,
    search.joined_to,
  ].some((value) => value !== undefined)
  const [opened, { toggle }] = useDisclosure(advancedInUse)

  return (
    <Stack gap="sm">
      <CoordinationGroupFilter />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <DebouncedSearch
          label={t`Search`}
          value={search.search ?? ''}
          onSearch={(value) => onFilter({ search: value || undefined })}
        />
        <FlagFilter
          label={t`Alerts`}
          yes={t`With alerts`}
          no={t`Without alerts`}
          value={search.has_alerts}
          onChange={(has_alerts) => onFilter({ has_alerts })}
        />
        <FlagFilter
          label={t`Account`}
          yes={t`Active`}
          no={t`Inactive`}
          value={search.is_active}
          onChange={(is_active) => onFilter({ is_active })}
        />
        <IdFilter
          label={t`Language`}
          placeholder={t`Any language`}
          options={languages}
          value={search.language}
          onChange={(language) => onFilter({ language })}
        />
      </SimpleGrid>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconAdjustments size={16} aria-hidden />}
        onClick={toggle}
        aria-expanded={opened}
        style={{ alignSelf: 'flex-start' }}
      >
        {opened ? <Trans>Fewer filters</Trans> : <Trans>More filters</Trans>}
      </Button>
      <Collapse expanded={opened}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <FlagFilter
            label={t`End worker`}
            yes={t`End workers`}
            no={t`Not end workers`}
            value={search.is_endworker}
            onChange={(is_endworker) => onFilter({ is_endworker })}
          />
          <FlagFilter
            label={t`Sign-in`}
            yes={t`Single sign-on`}
            no={t`Password`}
            value={search.is_sso_account}
            onChange={(is_sso_account) => onFilter({ is_sso_account })}
          />
          <FlagFilter
            label={t`Languages set`}
            yes={t`Has languages`}
            no={t`No languages`}
            value={search.has_languages}
            onChange={(has_languages) => onFilter({ has_languages })}
          />
          <IdFilter
            label={t`Main language`}
            placeholder={t`Any language`}
            options={languages}
            value={search.main_language}
            onChange={(main_language) => onFilter({ main_language })}
          />
          <IdFilter
            label={t`Native language`}
            placeholder={t`Any language`}
            options={languages}
            value={search.native_language}
            onChange={(native_language) => onFilter({ native_language })}
          />
          <BoundFilter
            label={t`Ratio from (%)`}
            max={RATIO_MAX}
            value={search.ratio_min}
            onChange={(ratio_min) => onFilter({ ratio_min })}
          />
          <BoundFilter
            label={t`Ratio up to (%)`}
            max={RATIO_MAX}
            value={search.ratio_max}
            onChange={(ratio_max) => onFilter({ ratio_max })}
          />
          <BoundFilter
            label={t`Availability from (h/week)`}
            max={AVAILABILITY_MAX_HOURS}
            value={search.availability_min}
            onChange={(availability_min) => onFilter({ availability_min })}
          />
          <BoundFilter
            label={t`Availability up to (h/week)`}
            max={AVAILABILITY_MAX_HOURS}
            value={search.availability_max}
            onChange={(availability_max) => onFilter({ availability_max })}
          />
          <DayRangeFilter
            fromLabel={t`Joined from`}
            toLabel={t`Joined until`}
            value={{ from: search.joined_from, to: search.joined_to }}
            onChange={(change) =>
              onFilter({
                ...('from' in change && { joined_from: change.from }),
                ...('to' in change && { joined_to: change.to }),
              })
            }
          />
        </SimpleGrid>
      </Collapse>
    </Stack>
  )
}
