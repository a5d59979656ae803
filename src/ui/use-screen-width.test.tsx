import { render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screenMatching } from '../test/media-queries'
import { usePhoneLayout, useViewportAtMost } from './use-screen-width'

const matchingOnly = (matchingQuery: string) => screenMatching((query) => query === matchingQuery)

function Layouts({ seen }: { seen: { phone: boolean; narrow: boolean }[] }) {
  seen.push({ phone: usePhoneLayout(), narrow: useViewportAtMost('36em') })
  return null
}

describe('the viewport width hooks', () => {
  afterEach(() => vi.restoreAllMocks())

  it('know a phone on the first render, so nothing is drawn twice', () => {
    matchingOnly('(max-width: 500px)')
    const seen: { phone: boolean; narrow: boolean }[] = []
    render(<Layouts seen={seen} />)

    expect(seen).toEqual([{ phone: true, narrow: false }])
  })

  it('answer false on a wider screen', () => {
    matchingOnly('(max-width: 1px)')
    const seen: { phone: boolean; narrow: boolean }[] = []
    render(<Layouts seen={seen} />)

    expect(seen.at(-1)).toEqual({ phone: false, narrow: false })
  })
})
