import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { setupApiServer } from '../../test/api'
import { installIntersectionObserver, installObjectUrls, scrollAllIntoView } from '../test/browser'
import { renderWidget } from '../test/render'

const mediaUrl = (uuid: string) => `/api/client/fake-tasks/2/media/7/${uuid}/`

setupApiServer(
  http.get('/api/client/fake-tasks/2/media/7/:uuid/', ({ params }) =>
    params.uuid === 'missing'
      ? new HttpResponse(null, { status: 500 })
      : new HttpResponse(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'Content-Type': 'image/png' },
        }),
  ),
)

beforeEach(() => {
  installIntersectionObserver()
  installObjectUrls()
})

const config = { component: 'image', label: 'Picture' } as const

describe('ImageWidget', () => {
  it("keeps the loaded image's height while loading, so nothing below moves", async () => {
    renderWidget({ config, mediaUrl, initial: { uuid: 'i1' }, readOnly: true })
    const reserved = screen.getByText('Loading the image…').parentElement!.style.height
    expect(reserved).not.toBe('')

    scrollAllIntoView()
    await screen.findByRole('img', { name: 'Picture' })
    expect(screen.getByRole('button', { name: 'Zoom image: Picture' }).style.height).toBe(reserved)
  })

  it('enlarges a small picture at most three times, keeping its proportions', async () => {
    renderWidget({ config, mediaUrl, initial: { uuid: 'i1' }, readOnly: true })
    scrollAllIntoView()
    const image = await screen.findByRole('img', { name: 'Picture' })
    expect(image).not.toBeVisible()

    Object.defineProperties(image, { naturalWidth: { value: 48 }, naturalHeight: { value: 40 } })
    fireEvent.load(image)
    expect(image).toBeVisible()
    expect([image.style.width, image.style.height]).toEqual([
      'min(144px, 100%)',
      'min(120px, 100%)',
    ])
    expect(image.style.getPropertyValue('--image-object-fit')).toBe('contain')
  })

  it('loads near the viewport and zooms on click', async () => {
    const user = userEvent.setup()
    renderWidget({ config, mediaUrl, initial: { uuid: 'i1' }, readOnly: true })
    expect(screen.getByText('Loading the image…')).toBeInTheDocument()
    expect(screen.queryByRole('img')).not.toBeInTheDocument()

    scrollAllIntoView()
    const image = await screen.findByRole('img', { name: 'Picture' })
    expect(image).toHaveAttribute('src', 'blob:test/1')

    await user.click(screen.getByRole('button', { name: 'Zoom image: Picture' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('img', { name: 'Picture' })).toHaveAttribute(
      'src',
      'blob:test/1',
    )
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows the red cross when the fetch fails', async () => {
    renderWidget({ config, mediaUrl, initial: { uuid: 'missing' }, readOnly: true })
    scrollAllIntoView()

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error while fetching the image.',
    )
    expect(screen.queryByRole('img', { name: 'Picture' })).not.toBeInTheDocument()
  })

  it('shows the red cross when the value names no file', () => {
    renderWidget({ config, mediaUrl, initial: null, readOnly: true })
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was an error while fetching the image.',
    )
  })
})
