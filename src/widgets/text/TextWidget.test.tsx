import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { WidgetConfig } from '../../../contract/task-schema'
import { renderWidget } from '../test/render'

const textarea = (extra: Partial<WidgetConfig> = {}): WidgetConfig => ({
  component: 'textarea',
  label: 'Transcript',
  ...extra,
})

const field = () => screen.getByRole('textbox', { name: 'Transcript' }) as HTMLTextAreaElement

function putCursor(element: HTMLTextAreaElement | HTMLInputElement, start: number, end = start) {
  element.focus()
  element.setSelectionRange(start, end)
}

describe('TextWidget tags', () => {
  const tags = [{ tag: '[noise]' }, { tag: '<foreign>', closing_tag: '</foreign>' }]

  it('inserts a tag at the cursor, apart from the word before it, and keeps typing after it', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWidget({ config: textarea({ tags }), initial: 'hello world', onChange })

    putCursor(field(), 5)
    await user.click(screen.getByRole('button', { name: 'Insert [noise]' }))

    expect(onChange).toHaveBeenLastCalledWith('hello [noise] world')
    expect(field()).toHaveFocus()
    expect(field().selectionStart).toBe(13)
    await user.keyboard('!')
    expect(field()).toHaveValue('hello [noise]! world')
  })

  it('wraps the selection when the tag has a closing tag', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWidget({ config: textarea({ tags }), initial: 'say bonjour now', onChange })

    putCursor(field(), 4, 11)
    await user.click(screen.getByRole('button', { name: 'Wrap in <foreign>…</foreign>' }))

    expect(onChange).toHaveBeenLastCalledWith('say <foreign>bonjour</foreign> now')
  })

  it('works in a one-line text field too, between two words run together', async () => {
    const user = userEvent.setup()
    renderWidget({ config: { component: 'text', label: 'Transcript', tags }, initial: 'ab' })

    putCursor(field(), 1)
    await user.click(screen.getByRole('button', { name: 'Insert [noise]' }))
    expect(field()).toHaveValue('a [noise] b')
  })

  it('offers no tags when read-only', () => {
    renderWidget({ config: textarea({ tags }), initial: 'x', readOnly: true })
    expect(screen.queryByRole('button', { name: 'Insert [noise]' })).not.toBeInTheDocument()
    expect(field()).toHaveAttribute('readonly')
  })
})

describe('TextWidget newline replacement', () => {
  it('types the replacement instead of a newline in a textarea', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWidget({ config: textarea({ replaceNewlineChar: ' | ' }), onChange })

    await user.type(field(), 'one{Enter}two')

    expect(field()).toHaveValue('one | two')
    expect(onChange).not.toHaveBeenCalledWith(expect.stringContaining('\n'))
  })

  it('replaces newlines in pasted text too', async () => {
    const user = userEvent.setup()
    renderWidget({ config: textarea({ replaceNewlineChar: ' ' }) })

    await user.click(field())
    await user.paste('a\nb\r\nc')
    expect(field()).toHaveValue('a b c')
  })

  it('keeps newlines in a textarea without the setting', async () => {
    const user = userEvent.setup()
    renderWidget({ config: textarea() })

    await user.type(field(), 'one{Enter}two')
    expect(field()).toHaveValue('one\ntwo')
  })

  it('has no effect on a one-line text field', async () => {
    const user = userEvent.setup()
    renderWidget({ config: { component: 'text', label: 'Transcript', replaceNewlineChar: '#' } })

    await user.type(field(), 'one{Enter}two')
    expect(field()).toHaveValue('onetwo')
  })
})

describe('TextWidget diacritic signs', () => {
  const language = {
    signs: [
      { sign: 'ą', description: 'a with ogonek' },
      { sign: 'ł', description: '' },
    ],
  }

  it('inserts a sign at the cursor', async () => {
    const user = userEvent.setup()
    renderWidget({ config: textarea({ showDiacriticalSigns: true }), language, initial: 'wa' })

    putCursor(field(), 1)
    await user.click(screen.getByRole('button', { name: 'Insert ł' }))
    expect(field()).toHaveValue('wła')
    expect(field()).toHaveFocus()
    expect(field().selectionStart).toBe(2)
    await user.click(screen.getByRole('button', { name: 'Insert ą (a with ogonek)' }))
    expect(field()).toHaveValue('włąa')
  })

  it("shows a sign's description in a tooltip", async () => {
    const user = userEvent.setup()
    renderWidget({ config: textarea({ showDiacriticalSigns: true }), language })

    await user.hover(screen.getByRole('button', { name: 'Insert ą (a with ogonek)' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('a with ogonek')
  })

  it('shows no palette unless the config asks and the language has signs', () => {
    const { unmount } = renderWidget({ config: textarea(), language })
    expect(screen.queryByRole('button', { name: 'Insert ł' })).not.toBeInTheDocument()
    unmount()

    renderWidget({ config: textarea({ showDiacriticalSigns: true }), language: { signs: [] } })
    expect(screen.queryByRole('group', { name: 'Insert into Transcript' })).not.toBeInTheDocument()
  })

  it('reaches the palette from the field with the keyboard', async () => {
    const user = userEvent.setup()
    renderWidget({ config: textarea({ showDiacriticalSigns: true }), language, initial: 'x' })

    await user.click(field())
    await user.tab()
    expect(screen.getByRole('button', { name: 'Insert ą (a with ogonek)' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(field()).toHaveValue('xą')
    expect(
      within(screen.getByRole('group', { name: 'Insert into Transcript' })).getAllByRole('button'),
    ).toHaveLength(2)
  })
})
