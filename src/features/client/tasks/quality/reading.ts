import { ALPHA_RELIABLE, ALPHA_TENTATIVE } from '../../../../../contract/quality'

/** How far α lets one rely on a field's labels (Krippendorff's thresholds); null: not measurable. */
export type AlphaReading = 'reliable' | 'tentative' | 'unreliable' | 'unknown'

export function alphaReading(alpha: number | null): AlphaReading {
  if (alpha === null) return 'unknown'
  if (alpha >= ALPHA_RELIABLE) return 'reliable'
  if (alpha >= ALPHA_TENTATIVE) return 'tentative'
  return 'unreliable'
}
