import fc from 'fast-check'
import type { RouteOptions } from 'fastify'
import type * as v from 'valibot'

/**
 * fast-check arbitraries for malformed requests, shaped by a route's contract schemas: bodies
 * that follow the schema's structure with hostile values at any place (ids past the database's
 * range, NUL and lone surrogates, arrays for objects, deep nesting), hostile query strings and
 * path parameters, and raw bodies no parser should choke on.
 */

export type RouteUnderTest = {
  method: string
  url: string
  body?: v.GenericSchema
  querystring?: v.GenericSchema
}

export type HostileRequest = {
  method: string
  url: string
  contentType?: string
  payload?: string
}

/** Every route a Fastify onRoute hook reports, with the parts of its schema the cases use. */
export function routeUnderTest(route: RouteOptions): RouteUnderTest[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  const schema = (route.schema ?? {}) as Record<string, unknown>
  return methods.map((method) => ({
    method,
    url: route.url,
    body: schema.body as v.GenericSchema | undefined,
    querystring: schema.querystring as v.GenericSchema | undefined,
  }))
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

const hostileText = fc.constantFrom(
  '',
  ' ',
  'plain',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfff',
  '😀',
  '0',
  '-1',
  '2147483648',
  '9223372036854775808',
  '1e308',
  'true',
  'null',
  '[]',
  '{}',
  "'; select 1; --",
  '2026-13-45',
  '2026-01-01T00:00:00Z',
  '../../../etc/passwd',
  'x'.repeat(5_000),
)

const hostileNumber = fc.constantFrom(
  0,
  -1,
  1,
  2,
  1.5,
  2_147_483_647,
  2_147_483_648,
  2 ** 63,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  5e-324,
)

const hostileScalar = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null))

/** JSON that ignores the schema: wrong kinds, arrays for objects, objects for arrays. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileScalar,
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileScalar, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileScalar, { maxKeys: 3 }),
)

type SchemaShape = {
  type: string
  entries?: Record<string, v.GenericSchema>
  key?: v.GenericSchema
  value?: v.GenericSchema
  item?: v.GenericSchema
  wrapped?: v.GenericSchema
  options?: unknown[]
  literal?: unknown
  pipe?: { kind: string }[]
}

const MAX_SCHEMA_DEPTH = 8

/** Values shaped like the schema, often right, with a hostile value at any place. */
export function valueLike(schema: v.GenericSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_SCHEMA_DEPTH) return hostileJson
  const shape = schema as unknown as SchemaShape
  return fc.oneof(
    { weight: 4, arbitrary: shapedValue(shape, depth) },
    { weight: 1, arbitrary: hostileJson },
  )
}

function shapedValue(shape: SchemaShape, depth: number): fc.Arbitrary<unknown> {
  const inner = (schema: v.GenericSchema) => valueLike(schema, depth + 1)
  switch (shape.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'object_with_rest':
      return fc.record(
        Object.fromEntries(
          Object.entries(shape.entries ?? {}).map(([key, entry]) => [key, inner(entry)]),
        ),
        { requiredKeys: [] },
      )
    case 'record':
      return fc.dictionary(hostileText, shape.value ? inner(shape.value) : hostileJson, {
        maxKeys: 3,
      })
    case 'array':
      return fc.array(shape.item ? inner(shape.item) : hostileJson, { maxLength: 3 })
    case 'optional':
    case 'exact_optional':
    case 'nullable':
    case 'nullish':
    case 'non_optional':
    case 'non_nullable':
      return shape.wrapped ? inner(shape.wrapped) : hostileJson
    case 'union':
    case 'variant':
      return fc.oneof(...(shape.options as v.GenericSchema[]).map(inner))
    case 'picklist':
      return fc.constantFrom(...(shape.options as unknown[]))
    case 'literal':
      return fc.constant(shape.literal)
    case 'string':
      return hostileText
    case 'number':
      return hostileNumber
    case 'boolean':
      return fc.boolean()
    case 'custom': {
      // A check in front of a schema (objectOnly): the values follow the schema it guards.
      const guarded = shape.pipe?.slice(1).find((item) => item.kind === 'schema')
      return guarded ? inner(guarded as unknown as v.GenericSchema) : hostileJson
    }
    default:
      return hostileJson
  }
}

/** Path parameter values as they appear in a URL (already percent-encoded or broken). */
const hostileSegment = fc.constantFrom(
  '1',
  '2',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9223372036854775808',
  '1e308',
  'abc',
  '%00',
  '%ff',
  '%ED%A0%80',
  '%E0%A4%A',
  '%F0%9F%98%80',
  'x'.repeat(300),
  '00000000-0000-0000-0000-000000000000',
)

const hostileQueryValue = fc.oneof(
  hostileSegment,
  fc.constantFrom('', 'true', 'false', '%', '%2', 'a,b', '-id', '2026-01-01', '1&1=1'),
)

function hostileQuery(schema: v.GenericSchema | undefined): fc.Arbitrary<string> {
  const known = Object.keys((schema as unknown as SchemaShape | undefined)?.entries ?? {})
  const key = fc.oneof(
    ...(known.length > 0 ? [fc.constantFrom(...known)] : []),
    fc.constantFrom('search', 'metadata__key', 'limit', 'offset', '__proto__', '%00'),
  )
  return fc
    .array(fc.tuple(key, hostileQueryValue), { maxLength: 4 })
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&'))
}

const hostileUrl = (route: RouteUnderTest) =>
  fc
    .tuple(
      fc.array(hostileSegment, { minLength: 8, maxLength: 8 }),
      hostileQuery(route.querystring),
      fc.boolean(),
    )
    .map(([segments, query, trailingSlash]) => {
      let index = 0
      const path = route.url
        .replace(/:[A-Za-z_]+|\*/g, () => segments[index++ % segments.length] as string)
        .replace(/\/$/, trailingSlash ? '/' : '')
      return query ? `${path}?${query}` : path
    })

const BOUNDARY = 'hostileboundary'

/** Bodies no parser should fail on with a 500: broken JSON, deep nesting, broken multipart. */
const rawBody = fc.constantFrom(
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"\\ud800"' },
  { contentType: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  { contentType: 'application/json', payload: `{"a":${nested(20_000)}}` },
  { contentType: 'application/json', payload: `{"a":${nested(60)}}` },
  { contentType: 'text/plain', payload: 'text\u0000' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1' },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--other--\r\n',
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nab`,
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\na\u0000\r\n--${BOUNDARY}--\r\n`,
  },
  { contentType: 'multipart/form-data', payload: 'x' },
)

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A malformed request to the route: hostile URL parts and, where a body fits, a hostile body. */
export function hostileRequest(route: RouteUnderTest): fc.Arbitrary<HostileRequest> {
  const url = hostileUrl(route)
  if (!BODY_METHODS.has(route.method))
    return url.map((path) => ({ method: route.method, url: path }))
  const shaped = (route.body ? valueLike(route.body) : hostileJson).map((value) => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? '',
  }))
  const body = fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: rawBody })
  return fc.tuple(url, body).map(([path, { contentType, payload }]) => ({
    method: route.method,
    url: path,
    contentType,
    payload,
  }))
}
