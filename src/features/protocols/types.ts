/**
 * What the protocol viewer shows. The worker's, the public and the client's views of a protocol
 * all carry these fields, so any of them can be given as they are.
 */
export type ViewableProtocol = {
  /** The protocol's name, shown by the page as its title: an opening heading repeating it is left out. */
  name?: string
  serving_type: 'PDF' | 'TXT'
  /** The Markdown of a TXT protocol; ignored for a PDF. */
  content: string
  /** A unified diff against the previous version, when there is one. */
  diff: string | null
  /** Whether the diff is still offered (the protocol's show_changes_days have not passed). */
  show_changes: boolean
}
