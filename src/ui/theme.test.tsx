import { Modal, MultiSelect, Select } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createTestQueryClient, TestProviders } from '../test/render'
import { DayInput } from './forms/DayInput'
import { MomentInput } from './forms/MomentInput'

function renderThemed(children: React.ReactNode) {
  return render(<TestProviders queryClient={createTestQueryClient()}>{children}</TestProviders>)
}

describe('the theme', () => {
  it("names a modal's close button", () => {
    renderThemed(
      <Modal opened onClose={() => {}} title="Details">
        Body
      </Modal>,
    )
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible()
  })

  it('names the clear buttons of list inputs', () => {
    renderThemed(
      <>
        <Select label="One" data={['a', 'b']} value="a" clearable onChange={() => {}} />
        <MultiSelect label="Some" data={['a', 'b']} value={['a']} clearable onChange={() => {}} />
      </>,
    )
    expect(screen.getAllByRole('button', { name: 'Clear' })).toHaveLength(2)
  })

  it("names a day input's calendar by the input's label", async () => {
    renderThemed(<DayInput label="From" value="2026-03-04" onChange={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'From' }))
    const calendar = screen.getByRole('dialog', { name: /From/ })
    expect(within(calendar).getByRole('button', { name: 'Next month' })).toBeVisible()
  })

  it("names a date-time input's calendar buttons", async () => {
    renderThemed(<MomentInput label="Deadline" value="2026-03-04 10:00:00" onChange={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Deadline' }))
    const calendar = screen.getByRole('dialog', { name: /Deadline/ })
    expect(within(calendar).getByRole('button', { name: 'Previous month' })).toBeVisible()
    expect(within(calendar).getByRole('button', { name: 'Next month' })).toBeVisible()
  })
})
