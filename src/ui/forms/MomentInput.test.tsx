import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createTestQueryClient, TestProviders } from '../../test/render'
import { MomentInput } from './MomentInput'

function renderInput(value: string | null, onChange = vi.fn()) {
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <MomentInput label="Deadline" clearable value={value} onChange={onChange} />
    </TestProviders>,
  )
  return onChange
}

describe('the date-time input', () => {
  it("shows the moment in the spec's date-time format, not the browser's mm/dd/yyyy", () => {
    renderInput('2030-05-09 14:30:00')
    expect(screen.getByRole('button', { name: 'Deadline' })).toHaveTextContent('2030-05-09 14:30')
  })

  it('takes the stored form of a datetime-local input too', () => {
    renderInput('2030-05-09T07:05')
    expect(screen.getByRole('button', { name: 'Deadline' })).toHaveTextContent('2030-05-09 07:05')
  })

  it('hands over null once cleared', async () => {
    const onChange = renderInput('2030-05-09 14:30:00')
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(onChange).toHaveBeenCalledWith(null)
  })
})
