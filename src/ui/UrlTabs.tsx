import { Tabs } from '@mantine/core'
import type { ReactNode } from 'react'

export type UrlTab<T extends string> = { value: T; label: ReactNode; panel: ReactNode }

type UrlTabsProps<T extends string> = {
  tabs: readonly UrlTab<T>[]
  /** The open tab, kept in the URL by the page so that it survives a reload. */
  value: T
  onChange: (tab: T) => void
  /** False: only the open tab is rendered (its queries run when it is opened). */
  keepMounted?: boolean
}

/** A page's tabs: their list, then the panel of each. */
export function UrlTabs<T extends string>({ tabs, value, onChange, keepMounted }: UrlTabsProps<T>) {
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        const tab = tabs.find((candidate) => candidate.value === next)
        if (tab) onChange(tab.value)
      }}
      keepMounted={keepMounted}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}
