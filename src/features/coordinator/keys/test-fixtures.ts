import { HttpResponse, http } from 'msw'
import type { CoordinationGroup } from '../../../../contract/coordinator'

export const northTeam: CoordinationGroup = {
  id: 3,
  name: 'North team',
  review_group: false,
  coordination_group: true,
  task_group: true,
  managed_groups: [{ id: 8, name: 'North trainees' }],
}

export const southTeam: CoordinationGroup = {
  id: 4,
  name: 'South team',
  review_group: false,
  coordination_group: true,
  task_group: true,
  managed_groups: [],
}

export const coordinationGroupsHandler = (groups: CoordinationGroup[] = [northTeam]) =>
  http.get('/api/coordinator/groups/', () => HttpResponse.json(groups))

/** A page of a key list in the contract's envelope. */
export const keyPage = <T>(results: T[], next: string | null = null) => ({
  count: results.length,
  next,
  previous: null,
  results,
})
