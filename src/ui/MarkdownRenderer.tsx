import { Typography } from '@mantine/core'
import ReactMarkdown from 'react-markdown'

/** Markdown as HTML in the theme's typography. Loaded on demand through Markdown.tsx only. */
export function MarkdownRenderer({ children }: { children: string }) {
  return (
    <Typography>
      <ReactMarkdown>{children}</ReactMarkdown>
    </Typography>
  )
}
