import { Box, Typography } from '@mantine/core'
import type { ComponentProps } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'

/** Wide tables scroll on their own instead of widening a phone's page. */
function ScrollingTable({ node: _node, ...props }: ComponentProps<'table'> & { node?: unknown }) {
  return (
    <Box style={{ overflowX: 'auto' }}>
      <table {...props} />
    </Box>
  )
}

const components: Components = { table: ScrollingTable }
const remarkPlugins = [remarkGfm]

/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough, autolinks) as HTML in the theme's
 * typography, which also styles tables. Loaded on demand through Markdown.tsx only.
 */
export function MarkdownRenderer({ children }: { children: string }) {
  return (
    <Typography>
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components}>
        {children}
      </ReactMarkdown>
    </Typography>
  )
}
