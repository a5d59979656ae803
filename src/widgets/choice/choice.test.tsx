import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWidget } from '../test/render'

describe('CheckboxWidget', () => {
  it("stores the text 'true' or 'false'", async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWidget({
      config: { component: 'checkbox', label: 'Matches' },
      initial: 'false',
      onChange,
    })

    const checkbox = screen.getByRole('checkbox', { name: 'Matches' })
    expect(checkbox).not.toBeChecked()
    await user.click(checkbox)
    expect(onChange).toHaveBeenLastCalledWith('true')
    expect(checkbox).toBeChecked()
    await user.click(checkbox)
    expect(onChange).toHaveBeenLastCalledWith('false')
  })

  it("reads 'true' in any case as checked", () => {
    renderWidget({ config: { component: 'checkbox', label: 'Matches' }, initial: 'TRUE' })
    expect(screen.getByRole('checkbox', { name: 'Matches' })).toBeChecked()
  })

  it('is named by its field name without a label', () => {
    renderWidget({ name: 'noisy', config: { component: 'checkbox' } })
    expect(screen.getByRole('checkbox', { name: 'noisy' })).toBeInTheDocument()
  })
})

const options = ['none', 'Music', 'traffic']

describe('DropdownWidget', () => {
  it('stores one option', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWidget({ config: { component: 'dropdown', label: 'Sound', options }, onChange })

    await user.click(screen.getByRole('combobox', { name: 'Sound' }))
    await user.click(screen.getByRole('option', { name: 'traffic' }))

    expect(onChange).toHaveBeenLastCalledWith('traffic')
    expect(screen.getByRole('combobox', { name: 'Sound' })).toHaveValue('traffic')
  })

  it("loads a single value ignoring case, shown in the option's spelling", () => {
    renderWidget({ config: { component: 'dropdown', label: 'Sound', options }, initial: 'MUSIC' })
    expect(screen.getByRole('combobox', { name: 'Sound' })).toHaveValue('Music')
  })

  it("joins several choices with ';'", async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWidget({
      config: { component: 'dropdown', label: 'Sounds', options, multiple: true },
      onChange,
    })

    await user.click(screen.getByRole('combobox', { name: 'Sounds' }))
    await user.click(screen.getByRole('option', { name: 'Music' }))
    await user.click(screen.getByRole('option', { name: 'none' }))

    expect(onChange).toHaveBeenLastCalledWith('Music;none')
  })

  it("splits a stored multiple value on ';' and matches the options case-insensitively", async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWidget({
      config: { component: 'dropdown', label: 'Sounds', options, multiple: true },
      initial: 'music; TRAFFIC',
      onChange,
    })

    const chosen = document.querySelectorAll('.mantine-MultiSelect-pill')
    expect([...chosen].map((pill) => pill.textContent)).toEqual(['Music', 'traffic'])
    await user.click(screen.getByRole('combobox', { name: 'Sounds' }))
    await user.click(screen.getByRole('option', { name: 'none' }))
    // Saved back in the options' own spelling.
    expect(onChange).toHaveBeenLastCalledWith('Music;traffic;none')
  })

  it('cannot be changed when read-only', async () => {
    const user = userEvent.setup()
    renderWidget({
      config: { component: 'dropdown', label: 'Sound', options },
      initial: 'none',
      readOnly: true,
    })

    await user.click(screen.getByRole('combobox', { name: 'Sound' }))
    expect(screen.queryByRole('option', { name: 'traffic' })).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Sound' })).toHaveValue('none')
  })
})

describe('RadioWidget', () => {
  it('stores the chosen option', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWidget({
      config: { component: 'radio', label: 'Speaker', options: ['woman', 'man'] },
      initial: 'WOMAN',
      onChange,
    })

    const group = screen.getByRole('radiogroup', { name: 'Speaker' })
    expect(group).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'woman' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: 'man' }))

    expect(onChange).toHaveBeenLastCalledWith('man')
    expect(screen.getByRole('radio', { name: 'man' })).toBeChecked()
  })

  it('keeps its choice when read-only', async () => {
    const user = userEvent.setup()
    renderWidget({
      config: { component: 'radio', label: 'Speaker', options: ['woman', 'man'] },
      initial: 'woman',
      readOnly: true,
    })

    await user.click(screen.getByRole('radio', { name: 'man' }))
    expect(screen.getByRole('radio', { name: 'woman' })).toBeChecked()
  })
})
