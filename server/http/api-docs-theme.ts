/**
 * Swagger UI made readable on a phone. Its page has no viewport declaration, so a phone laid it
 * out 980 pixels wide and shrank it; the script adds one as the page starts (browsers apply a
 * viewport declared from a script). The styles let the operation rows, the parameter and
 * response tables and the models fit a narrow screen instead of running off it.
 */
const VIEWPORT_SCRIPT = `(function () {
  var meta = document.createElement('meta')
  meta.name = 'viewport'
  meta.content = 'width=device-width, initial-scale=1'
  document.head.appendChild(meta)
})()
`

const NARROW_SCREEN_STYLES = `@media (max-width: 768px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .info { margin: 24px 0; }
  .swagger-ui .opblock .opblock-section-header,
  .swagger-ui .opblock-body .opblock-description-wrapper,
  .swagger-ui .execute-wrapper,
  .swagger-ui .responses-inner,
  .swagger-ui .table-container { padding: 8px 12px; }
  /* Tables become one cell under another: a row reads as a card instead of squeezed columns. */
  .swagger-ui table.parameters,
  .swagger-ui table.responses-table,
  .swagger-ui table.parameters tbody,
  .swagger-ui table.responses-table tbody,
  .swagger-ui table.parameters tr,
  .swagger-ui table.responses-table tr,
  .swagger-ui table.parameters td,
  .swagger-ui table.responses-table td { display: block; width: auto; max-width: 100%; }
  .swagger-ui table.parameters thead,
  .swagger-ui table.responses-table thead,
  .swagger-ui table.responses-table td.response-col_links { display: none; }
  .swagger-ui table.parameters td,
  .swagger-ui table.responses-table td { padding: 4px 0; }
  /* Examples keep their lines and scroll sideways rather than breaking inside words. */
  .swagger-ui .microlight,
  .swagger-ui .highlight-code > .microlight {
    white-space: pre !important;
    word-break: normal !important;
    overflow-wrap: normal !important;
    overflow-x: auto;
  }
  .swagger-ui .model-box,
  .swagger-ui section.models .model-container { max-width: 100%; overflow-x: auto; }
  .swagger-ui .topbar .download-url-wrapper { flex-wrap: wrap; }
}
`

export const API_DOCS_THEME = {
  title: 'Crowdwork API documentation',
  js: [{ filename: 'viewport.js', content: VIEWPORT_SCRIPT }],
  css: [{ filename: 'narrow-screens.css', content: NARROW_SCREEN_STYLES }],
}

/**
 * Swagger UI's own settings. A call tried with a bearer token goes without cookies: in a browser
 * signed in to the app the session cookie would go along, and a request with both is refused.
 * The function is copied into the page as source, so it uses only what a browser has.
 */
/** A request as Swagger UI hands it to its interceptor. */
type TriedRequest = {
  headers?: Record<string, string>
  credentials?: string
  [part: string]: unknown
}

export const API_DOCS_UI_CONFIG = {
  requestInterceptor: (request: TriedRequest) => {
    const headers = request.headers ?? {}
    const authorization = headers.Authorization ?? headers.authorization ?? ''
    if (/^Bearer /i.test(authorization)) request.credentials = 'omit'
    return request
  },
}
