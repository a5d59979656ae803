import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Pagination, Text } from '@mantine/core'
import { DEFAULT_PAGE_SIZE } from '../../contract/constants'

type ListPagingProps = {
  count: number
  page: number
  onPage: (page: number) => void
  pageSize?: number
}

/** The total and the numbered page switcher of a list, by default of pages of 10. */
export function ListPaging({ count, page, onPage, pageSize = DEFAULT_PAGE_SIZE }: ListPagingProps) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(count / pageSize))
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" aria-live="polite">
        <Trans>{count} in total</Trans>
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label':
              control === 'next'
                ? t`Next page`
                : control === 'previous'
                  ? t`Previous page`
                  : undefined,
          })}
          getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
        />
      )}
    </Group>
  )
}
