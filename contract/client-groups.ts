import * as v from 'valibot'
import { IdSchema } from './common'
import { CLIENT_BADGE_COLOURS } from './constants'

export const ClientGroupSchema = v.object({
  id: IdSchema,
  name: v.string(),
  full_name: v.string(),
})
export type ClientGroup = v.InferOutput<typeof ClientGroupSchema>
export const ClientGroupListSchema = v.array(ClientGroupSchema)

/** Badge colours cycle by client group id modulo 9 (spec section 9). */
export function clientBadgeColourIndex(clientGroupId: number): number {
  return clientGroupId % CLIENT_BADGE_COLOURS
}
