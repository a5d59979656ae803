import { act, render, screen } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { DrawnInTransition } from './drawn-in-transition'

function Committed({ name, commits }: { name: string; commits: string[] }) {
  useLayoutEffect(() => {
    commits.push(name)
  }, [name, commits])
  return <p>{name}</p>
}

describe('a part drawn in a transition after mounting', () => {
  it('commits its placeholder first, then its children in place of it', async () => {
    const commits: string[] = []
    let view: ReturnType<typeof render> | undefined
    await act(async () => {
      view = render(
        <DrawnInTransition placeholder={<Committed name="placeholder" commits={commits} />}>
          <Committed name="page" commits={commits} />
        </DrawnInTransition>,
      )
    })

    expect(commits).toEqual(['placeholder', 'page'])
    expect(screen.getByText('page')).toBeInTheDocument()
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument()

    view?.rerender(
      <DrawnInTransition placeholder={<Committed name="placeholder" commits={commits} />}>
        <Committed name="page again" commits={commits} />
      </DrawnInTransition>,
    )
    expect(commits.at(-1)).toBe('page again')
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument()
  })
})
