import * as v from 'valibot'

/** `GET /api/` for programs: what this API is and where its documentation lives. */
export const ApiIndexSchema = v.object({
  name: v.string(),
  version: v.string(),
  /** Swagger UI over the schema (a page for people). */
  documentation: v.string(),
  /** The OpenAPI document (JSON). */
  schema: v.string(),
})
export type ApiIndex = v.InferOutput<typeof ApiIndexSchema>
