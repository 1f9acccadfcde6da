import { RichText } from '@/components/rich-text/rich-text';
import { readPostBody } from '../utils/post-doc';

/**
 * A stored post drawn through the editor's schema only: a body outside the schema shows as its own
 * text (readPostBody); mentions as `@name`; links marked as user content.
 */
export const PostBody = ({ body }: { readonly body: string }) => (
  <RichText doc={readPostBody(body)} dense mentions ugc unknown="drop" />
);
