import { expect, test } from './fixtures'

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string }

/** Reads an icon in the browser: its size, and where its opaque and light pixels lie. */
async function inspectIcon(page: import('@playwright/test').Page, src: string) {
  return page.evaluate(async (url) => {
    const image = new Image()
    image.src = url
    await image.decode()
    const { naturalWidth: width, naturalHeight: height } = image
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2D canvas')
    context.drawImage(image, 0, 0)
    const { data } = context.getImageData(0, 0, width, height)
    const alphaAt = (x: number, y: number) => data[(y * width + x) * 4 + 3]
    let glyphPixels = 0
    let farthestGlyph = 0
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4
        if (data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200 && data[i + 3]! > 200) {
          glyphPixels++
          const distance = Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2)
          farthestGlyph = Math.max(farthestGlyph, distance / width)
        }
      }
    }
    return {
      width,
      height,
      cornerAlpha: alphaAt(0, 0),
      centreAlpha: alphaAt(width >> 1, height >> 1),
      glyphPixels,
      farthestGlyph,
    }
  }, src)
}

test('the manifest is linked and its icons are real PNGs of the stated sizes', async ({
  page,
  request,
}) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()
  const response = await request.get(href as string)
  expect(response.status()).toBe(200)
  const manifest = await response.json()
  expect(manifest).toMatchObject({
    name: 'Crowdwork',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1c7ed6',
  })

  const icons = manifest.icons as ManifestIcon[]
  expect(icons.map((icon) => [icon.sizes, icon.purpose ?? 'any'])).toEqual([
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ])
  for (const icon of icons) {
    const file = await request.get(icon.src)
    expect(file.status(), icon.src).toBe(200)
    expect(file.headers()['content-type'], icon.src).toBe('image/png')

    const pixels = await inspectIcon(page, icon.src)
    expect(`${pixels.width}x${pixels.height}`, icon.src).toBe(icon.sizes)
    expect(pixels.centreAlpha, icon.src).toBe(255)
    expect(pixels.glyphPixels, `${icon.src} has a visible glyph`).toBeGreaterThan(100)
    if (icon.purpose === 'maskable') {
      // Platforms crop maskable icons to any shape inside the central circle of 40 % radius.
      expect(pixels.cornerAlpha, icon.src).toBe(255)
      expect(pixels.farthestGlyph, icon.src).toBeLessThan(0.4)
    } else {
      expect(pixels.cornerAlpha, `${icon.src} has rounded corners`).toBe(0)
    }
  }
})
