import { describe, expect, it } from 'vitest'
import { WIDGET_COMPONENTS } from '../../contract/task-schema'
import { widgetRegistry } from './registry'

describe('widgetRegistry', () => {
  it('has a widget for every component the schema may name', () => {
    expect(Object.keys(widgetRegistry).sort()).toEqual([...WIDGET_COMPONENTS].sort())
  })
})
