import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Badge, Group, Table } from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { Fragment, useState } from 'react'
import type { ExplorerAnnotation } from '../../../../../contract/client-tasks'
import type { AnnotationOrderingField } from '../../../../../contract/list-params'
import type { Ordering } from '../../../../../contract/query'
import { TableScroller } from '../../../../ui/DataTable'
import { formatDateTime } from '../format'
import { SortableTh } from '../table/SortableTh'
import { AnnotationDetails } from './AnnotationDetails'

type AnnotationTableProps = {
  taskId: number
  annotations: ExplorerAnnotation[]
  ordering: string
  onOrder: (ordering: Ordering<AnnotationOrderingField>) => void
}

const count = (messages: Record<string, string[]>) =>
  Object.values(messages).reduce((total, list) => total + list.length, 0)

/** One page of annotations; each row opens to show its item and annotation data. */
export function AnnotationTable({ taskId, annotations, ordering, onOrder }: AnnotationTableProps) {
  const { t } = useLingui()
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const sortable = (field: AnnotationOrderingField, label: string) => (
    <SortableTh field={field} ordering={ordering} onOrder={onOrder}>
      {label}
    </SortableTh>
  )

  return (
    <TableScroller minWidth={820}>
      <Table aria-label={t`Annotations`} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            {sortable('id', t`Id`)}
            {sortable('item', t`Item`)}
            {sortable('user', t`Worker`)}
            <Table.Th>
              <Trans>State</Trans>
            </Table.Th>
            {sortable('created', t`Made`)}
            {sortable('modified', t`Changed`)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {annotations.map((annotation) => {
            const id = annotation.id
            const expanded = open.has(id)
            const errors = count(annotation.errors)
            const warnings = count(annotation.warnings)
            return (
              <Fragment key={id}>
                <Table.Tr>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-expanded={expanded}
                      aria-controls={`annotation-${id}`}
                      aria-label={expanded ? t`Hide annotation #${id}` : t`Show annotation #${id}`}
                      onClick={() => toggle(id)}
                    >
                      {expanded ? (
                        <IconChevronDown size={16} aria-hidden />
                      ) : (
                        <IconChevronRight size={16} aria-hidden />
                      )}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>{id}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {annotation.item_id}
                      {annotation.item_gold && (
                        <Badge color="yellow" variant="outline" size="sm">
                          <Trans>Gold</Trans>
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{annotation.user.username}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {annotation.is_done ? (
                        <Badge color="green" variant="light">
                          <Trans>Done</Trans>
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          <Trans>Not done</Trans>
                        </Badge>
                      )}
                      {annotation.is_validating && (
                        <Badge color="cyan" variant="light">
                          <Trans>Validating</Trans>
                        </Badge>
                      )}
                      {errors > 0 && (
                        <Badge color="red" variant="light">
                          <Trans>{errors} errors</Trans>
                        </Badge>
                      )}
                      {warnings > 0 && (
                        <Badge color="yellow" variant="light">
                          <Trans>{warnings} warnings</Trans>
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDateTime(annotation.created)}</Table.Td>
                  <Table.Td>{formatDateTime(annotation.modified)}</Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={`annotation-${id}`}>
                    <Table.Td colSpan={7} p={0}>
                      <AnnotationDetails taskId={taskId} annotation={annotation} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            )
          })}
        </Table.Tbody>
      </Table>
    </TableScroller>
  )
}
