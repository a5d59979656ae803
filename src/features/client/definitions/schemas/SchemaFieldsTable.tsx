import { Trans, useLingui } from '@lingui/react/macro'
import { Table } from '@mantine/core'
import { layoutRows, type TaskSchemaDocument } from '../../../../../contract/task-schema'
import { TableScroller } from '../../../../ui/DataTable'
import { widgetRegistry } from '../../../../widgets'

/** The fields of a schema in layout order, with their widget and place on the grid. */
export function SchemaFieldsTable({ schema }: { schema: TaskSchemaDocument }) {
  const { t, i18n } = useLingui()
  return (
    <TableScroller minWidth={640}>
      <Table aria-label={t`Fields`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Field</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Kind</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Widget</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Row, column</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Width, offset</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Data type</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {layoutRows(schema).flatMap(({ cells }) =>
            cells.map(({ name, source, field }) => (
              <Table.Tr key={`${source}:${name}`}>
                <Table.Td ff="monospace">{name}</Table.Td>
                <Table.Td>{source === 'item' ? t`Item` : t`Annotation`}</Table.Td>
                <Table.Td>{i18n._(widgetRegistry[field.widget.config.component].title)}</Table.Td>
                <Table.Td>
                  {field.grid_placement.row}, {field.grid_placement.column}
                </Table.Td>
                <Table.Td>
                  {field.grid_placement.col_width}, {field.grid_placement.col_offset}
                </Table.Td>
                <Table.Td>{'data_type' in field ? field.data_type : '—'}</Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </TableScroller>
  )
}
