/** The shared protocol viewer and the public protocol view. */

export { ProtocolViewer, type ProtocolViewerProps } from './ProtocolViewer'
export { loadPublicProtocol, PublicProtocolPage } from './PublicProtocolPage'
export { PDF_WORKER_URL } from './pdf/pdf'
export { protocolKeys, protocolPdfUrl, publicProtocolQuery } from './queries'
export type { ViewableProtocol } from './types'
