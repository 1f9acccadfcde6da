import Box from '@mui/material/Box';
import type { RichTextNode } from '@groundtruth/domain';
import type { ReactNode } from 'react';
import { readPostBody } from '../utils/post-doc';

const renderText = (node: RichTextNode, key: number): ReactNode => {
  let out: ReactNode = node.text ?? '';
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') out = <strong>{out}</strong>;
    else if (mark.type === 'italic') out = <em>{out}</em>;
    else if (mark.type === 'strike') out = <s>{out}</s>;
    else if (mark.type === 'code') out = <code>{out}</code>;
    else if (mark.type === 'underline') out = <u>{out}</u>;
    else if (mark.type === 'link' && typeof mark.attrs?.['href'] === 'string') {
      // The schema let only http(s) and mailto links through (isSafeLink).
      out = (
        <a href={mark.attrs['href']} target="_blank" rel="noopener noreferrer nofollow ugc">
          {out}
        </a>
      );
    }
  }
  return <span key={key}>{out}</span>;
};

const renderNode = (node: RichTextNode, key: number): ReactNode => {
  const children = (node.content ?? []).map(renderNode);
  switch (node.type) {
    case 'text':
      return renderText(node, key);
    case 'mention': {
      const label = node.attrs?.['label'];
      return (
        <Box component="span" key={key} data-mention={String(node.attrs?.['id'])} sx={{ color: 'primary.main', fontWeight: 500 }}>
          @{typeof label === 'string' && label !== '' ? label : String(node.attrs?.['id'])}
        </Box>
      );
    }
    case 'paragraph':
      return <p key={key}>{children.length > 0 ? children : <br />}</p>;
    case 'heading':
      // Inside the page's own headings: a strong paragraph, not a heading of its own.
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
      return null;
  }
};

/**
 * A stored post drawn through the editor's schema only: each known node becomes a plain element, no
 * HTML from the body is ever injected, and a body outside the schema shows as its own text.
 */
export const PostBody = ({ body }: { readonly body: string }) => {
  const doc = readPostBody(body);
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& p': { my: 0.25 },
        '& ul, & ol': { my: 0.5, pl: 3 },
        '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, ml: 0, color: 'text.secondary' },
        '& pre': { bgcolor: 'action.hover', p: 1, borderRadius: 1, overflowX: 'auto' },
      }}
    >
      {(doc.content ?? []).map(renderNode)}
    </Box>
  );
};
