import { expect, signInAs, test } from './fixtures'

/** A small real PDF: one line of Helvetica text per page. */
function pdfWithPages(lines: string[]): Buffer {
  const objects: string[] = []
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  const pageIds = lines.map((_, index) => 4 + index * 2)
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${lines.length} >>`
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'
  lines.forEach((line, index) => {
    const stream = `BT /F1 24 Tf 72 700 Td (${line}) Tj ET`
    objects[4 + index * 2] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ` +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`
    objects[5 + index * 2] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
  })
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  for (let id = 1; id < objects.length; id++) {
    offsets.push(pdf.length)
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`
  }
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

// The protocol is answered by the test, so no service worker may fetch it in the page's stead.
test.use({ serviceWorkers: 'block' })

test('a PDF protocol renders with search, page jump and zoom', async ({ page }) => {
  await page.route('**/api/media/protocols/999/**', (route) => {
    if (new URL(route.request().url()).searchParams.get('serve') === 'true') {
      return route.fulfill({
        contentType: 'application/pdf',
        body: pdfWithPages(['Listen first', 'Then type', 'Mark every giraffe']),
      })
    }
    return route.fulfill({
      json: {
        id: 999,
        name: 'Picture rules',
        version: 1,
        serving_type: 'PDF',
        content: '',
        diff: null,
        show_changes: false,
        created_timestamp: '2026-02-01T09:00:00.000Z',
      },
    })
  })
  await signInAs(page, 'reviewer')
  await page.goto('/review/protocols/999')

  await expect(page.getByRole('heading', { name: 'Picture rules' })).toBeVisible()
  const pages = page.locator('[data-page]')
  await expect(pages).toHaveCount(3)
  // The first page is drawn: its canvas holds dark (text) pixels.
  const inked = () =>
    page.locator('[data-page="1"] canvas').evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d')
      if (!context || canvas.width === 0) return 0
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
      let dark = 0
      for (let index = 0; index < data.length; index += 4) if (data[index]! < 128) dark += 1
      return dark
    })
  await expect.poll(inked).toBeGreaterThan(50)

  const find = page.getByRole('textbox', { name: 'Find in the protocol' })
  await find.fill('GIRAFFE')
  await find.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Page 3 (1 of 1 pages)' })).toBeVisible()
  await expect(pages.nth(2)).toBeInViewport()
  await expect(pages.nth(2).getByTestId('pdf-highlight')).toHaveCount(1)

  const jump = page.getByRole('textbox', { name: 'Go to page' })
  await jump.fill('1.5')
  await expect(page.getByText('Enter a whole page number.')).toBeVisible()
  await jump.fill('1')
  await expect(page.getByText('Enter a whole page number.')).toBeHidden()
  await expect(pages.nth(0)).toBeInViewport()

  const zoom = page.getByRole('region', { name: /^Protocol pages/ })
  const width = async () => (await pages.nth(0).boundingBox())?.width ?? 0
  const fitted = await width()
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await expect.poll(width).toBeGreaterThan(fitted)
  await zoom.focus()
  await page.keyboard.press('0')
  await expect.poll(width).toBeCloseTo(fitted, 0)
})
