export { PolicyOverlays } from './PolicyOverlays'
export { openPolicyPreview } from './preview-store'
