import { DataList } from '@mantine/core'
import type { ReactNode } from 'react'

/** Label and value pairs describing a definition; on phones labels sit above their values. */
export function DefinitionFacts({ facts }: { facts: { label: ReactNode; value: ReactNode }[] }) {
  return (
    <DataList labelWidth={200} orientation="horizontal" withDivider>
      {facts.map((fact, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the facts are a fixed list per page.
        <DataList.Item key={index}>
          <DataList.ItemLabel>{fact.label}</DataList.ItemLabel>
          <DataList.ItemValue>{fact.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  )
}
