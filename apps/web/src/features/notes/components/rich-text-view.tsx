import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { parseRichText, type RichNode } from '../utils/rich-text';

const safeHref = (href: unknown): string | null =>
  typeof href === 'string' && /^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : null;

const renderText = (node: RichNode, key: number): ReactNode => {
  let out: ReactNode = node.text ?? '';
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') out = <strong>{out}</strong>;
    else if (mark.type === 'italic') out = <em>{out}</em>;
    else if (mark.type === 'strike') out = <s>{out}</s>;
    else if (mark.type === 'code') out = <code>{out}</code>;
    else if (mark.type === 'underline') out = <u>{out}</u>;
    else if (mark.type === 'link') {
      const href = safeHref(mark.attrs?.['href']);
      if (href) {
        out = (
          <a href={href} target="_blank" rel="noopener noreferrer nofollow">
            {out}
          </a>
        );
      }
    }
  }
  return <span key={key}>{out}</span>;
};

const renderNode = (node: RichNode, key: number): ReactNode => {
  const children = (node.content ?? []).map(renderNode);
  switch (node.type) {
    case 'text':
      return renderText(node, key);
    case 'paragraph':
      return <p key={key}>{children.length > 0 ? children : <br />}</p>;
    case 'heading':
      // Inside a page's own heading structure: drawn as a strong paragraph, not a heading of its own.
      return (
        <p key={key}>
          <strong>{children}</strong>
        </p>
      );
    case 'bulletList':
      return <ul key={key}>{children}</ul>;
    case 'orderedList':
      return <ol key={key}>{children}</ol>;
    case 'listItem':
      return <li key={key}>{children}</li>;
    case 'blockquote':
      return <blockquote key={key}>{children}</blockquote>;
    case 'codeBlock':
      return (
        <pre key={key}>
          <code>{children}</code>
        </pre>
      );
    case 'hardBreak':
      return <br key={key} />;
    case 'horizontalRule':
      return <hr key={key} />;
    default:
      return <span key={key}>{children}</span>;
  }
};

/**
 * A stored rich-text body, drawn without loading the editor: the tiptap document's nodes as plain
 * elements (no HTML from the body is ever injected), plain text when the body is not a document.
 */
export const RichTextView = ({ body }: { readonly body: string }) => {
  const doc = parseRichText(body);
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& p': { my: 0.5 },
        '& ul, & ol': { my: 0.5, pl: 3 },
        '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, ml: 0, color: 'text.secondary' },
        '& pre': { bgcolor: 'action.hover', p: 1, borderRadius: 1, overflowX: 'auto' },
      }}
    >
      {(doc.content ?? []).map(renderNode)}
    </Box>
  );
};
