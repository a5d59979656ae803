/**
 * The annotation screen and its protocol pages. The shell's sync indicator and the start-up sync
 * listener are imported from their own modules, so the screen stays out of the main bundle.
 */
export { AnnotationPage } from './AnnotationPage'
export { ItemSetUnavailable } from './ItemSetUnavailable'
export { LockCountdown } from './LockCountdown'
export { loadAnnotationScreen, loadWorkerProtocol } from './loaders'
export { ProtocolConfirmPage, ProtocolPage } from './ProtocolPages'
export { ProtocolPanel } from './ProtocolPanel'
export { itemSetQuery } from './queries'
export { storeItemSetView } from './stored'
