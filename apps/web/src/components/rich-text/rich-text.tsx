import Box from '@mui/material/Box';
import { createElement, type ReactNode } from 'react';
import { drawRichText, type Drawn, type RichNodeLike, type RichTextOptions } from './rich-text-tree';

const toReact = (d: Drawn, key: number): ReactNode =>
  typeof d === 'string'
    ? d
    : createElement(d.tag, { key, ...d.attrs }, ...(d.children.length > 0 ? d.children.map(toReact) : []));

/**
 * A stored rich-text document drawn without loading the editor (field notes, comments, data events):
 * the tiptap document's known nodes as plain elements, no HTML from the body ever injected. Each
 * feature parses its bodies its own way and passes the document with its options.
 */
export const RichText = ({
  doc,
  dense = false,
  ...options
}: { readonly doc: RichNodeLike; readonly dense?: boolean } & RichTextOptions) => (
  <Box
    sx={{
      overflowWrap: 'anywhere',
      '& p': { my: dense ? 0.25 : 0.5 },
      '& ul, & ol': { my: 0.5, pl: 3 },
      '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, ml: 0, color: 'text.secondary' },
      '& pre': { bgcolor: 'action.hover', p: 1, borderRadius: 1, overflowX: 'auto' },
      '& [data-mention]': { color: 'primary.main', fontWeight: 500 },
    }}
  >
    {drawRichText(doc, options).map(toReact)}
  </Box>
);
