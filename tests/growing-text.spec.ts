import { copyDemoTask, expect, openDemoItemSet, signInAs, test } from './fixtures'

/**
 * The annotation screen's text fields grow with what is typed, from two lines to twelve, and
 * scroll beyond: sized by the browser itself (CSS field-sizing), with no measuring script.
 */
test('a transcript field grows with its text up to twelve lines, then scrolls', async ({
  page,
  browser,
}) => {
  const { description } = await copyDemoTask(browser, 'Growing text')
  await signInAs(page, 'annotator')
  await openDemoItemSet(page, description)
  const field = page
    .getByRole('region', { name: /^Item #\d+$/ })
    .first()
    .getByRole('textbox', { name: 'Transcript' })
  // The demo's transcript turns line breaks into spaces: long text wraps onto more lines instead.
  const words = (count: number) =>
    Array.from({ length: count }, (_, index) => `word${index}`).join(' ')
  const size = () =>
    field.evaluate((element) => {
      const style = getComputedStyle(element)
      return {
        height: element.getBoundingClientRect().height,
        lineHeight: Number.parseFloat(style.lineHeight),
        scrolls: element.scrollHeight > element.clientHeight,
      }
    })

  await field.fill('')
  const empty = await size()
  await field.fill(words(60))
  const longer = await size()
  expect(longer.height).toBeGreaterThan(empty.height + empty.lineHeight / 2)
  expect(longer.scrolls).toBe(false)

  await field.fill(words(2_000))
  const longest = await size()
  expect(longest.height - empty.height).toBeCloseTo(10 * empty.lineHeight, 0)
  expect(longest.scrolls).toBe(true)
})
