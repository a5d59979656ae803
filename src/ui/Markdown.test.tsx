import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createTestQueryClient, TestProviders } from '../test/render'

describe('Markdown', () => {
  it('shows a spinner until the renderer has loaded, then the text', async () => {
    // A fresh copy of the module, whose renderer has not been loaded yet (the test setup loads it).
    vi.resetModules()
    const { Markdown } = await import('./Markdown')
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <Markdown>{'# Rules\n\nWrite **exactly** what you hear.'}</Markdown>
      </TestProviders>,
    )

    expect(screen.getByRole('status', { name: 'Loading the text…' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Rules' })).toBeVisible()
    expect(screen.getByText('exactly').tagName).toBe('STRONG')
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('Markdown tables', () => {
  it('renders a GitHub-flavoured table as a table, not as raw pipes', async () => {
    const { Markdown } = await import('./Markdown')
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <Markdown>{'| Sound | Write |\n| --- | --- |\n| laughter | [laugh] |'}</Markdown>
      </TestProviders>,
    )

    const table = await screen.findByRole('table')
    expect(screen.getByRole('columnheader', { name: 'Sound' })).toBeVisible()
    expect(screen.getByRole('cell', { name: '[laugh]' })).toBeVisible()
    expect(table.textContent).not.toContain('|')
  })
})
