import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProgressiveList } from './progressive-list'

const NAMES = ['one', 'two', 'three', 'four', 'five']

function Entries({ drawnCounts }: { drawnCounts: number[] }) {
  return (
    <ProgressiveList total={NAMES.length} step={2} pending={<p>More coming</p>}>
      {(drawn) => {
        drawnCounts.push(drawn)
        return NAMES.slice(0, drawn).map((name) => <p key={name}>{name}</p>)
      }}
    </ProgressiveList>
  )
}

describe('a list drawn a few entries at a time', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('draws nothing of the list at first, then a step per task until all are drawn', async () => {
    const drawnCounts: number[] = []
    render(<Entries drawnCounts={drawnCounts} />)

    expect(screen.queryByText('one')).not.toBeInTheDocument()
    expect(screen.getByText('More coming')).toBeInTheDocument()

    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByText('two')).toBeInTheDocument()
    expect(screen.queryByText('three')).not.toBeInTheDocument()

    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByText('four')).toBeInTheDocument()
    expect(screen.queryByText('five')).not.toBeInTheDocument()

    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(NAMES.map((name) => screen.getByText(name))).toHaveLength(5)
    expect(screen.queryByText('More coming')).not.toBeInTheDocument()
    expect([...new Set(drawnCounts)]).toEqual([0, 2, 4, 5])
  })

  it('stops drawing when it is gone', async () => {
    const drawnCounts: number[] = []
    const { unmount } = render(<Entries drawnCounts={drawnCounts} />)
    unmount()

    await act(() => vi.runAllTimersAsync())
    expect([...new Set(drawnCounts)]).toEqual([0])
  })
})
