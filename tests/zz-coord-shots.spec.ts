import type { Paged } from '../contract/common'
import type { WorkerTask, WorkerItemSet } from '../contract/worker'
import { apiGet, apiSend, signInAs, test } from './fixtures'

test('shots', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const worker = await (await browser.newContext()).newPage()
  await signInAs(worker, 'annotator')
  const langs = await apiGet<{ id: number; code: string }[]>(worker, 'languages/').catch(() => [])
  console.log(JSON.stringify(langs).slice(0, 200))
  const me = await apiGet<{ endworker_profile: { languages: number[]; native_languages: number[]; main_language: number } }>(worker, 'auth/current-user/')
  const all = Array.isArray(langs) ? langs.map((l) => l.id) : []
  await apiSend(worker, 'PATCH', 'auth/current-user/', {
    endworker_profile: { main_language: me.endworker_profile.main_language, languages: [...new Set([...me.endworker_profile.languages, ...all])], native_languages: me.endworker_profile.native_languages },
  })
  const tasks = await apiGet<Paged<WorkerTask>>(worker, 'endworker/tasks/')
  const task = tasks.results[0]!
  await apiSend(worker, 'POST', `endworker/protocols/${task.protocol.id}/confirm/`)
  await apiSend<WorkerItemSet>(worker, 'POST', `endworker/tasks/${task.id}/item-sets/`)
  await signInAs(page, 'coordinator')
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    for (const [name, path] of [
      ['users', '/coordinator/users/list'],
      ['approvals', '/coordinator/users/profile_approvals'],
      ['itemsets', '/coordinator/item-sets'],
    ]) {
      await page.goto(path)
      await page.waitForTimeout(2000)
      await page.screenshot({ path: `/tmp/coordtr/${name}-${width}.png`, fullPage: true })
    }
  }
})
