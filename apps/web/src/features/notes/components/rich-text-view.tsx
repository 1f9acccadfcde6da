import { RichText } from '@/components/rich-text/rich-text';
import { parseRichText } from '../utils/rich-text';

/** A stored field-note body, drawn without loading the editor; plain text when it is not a document. */
export const RichTextView = ({ body }: { readonly body: string }) => <RichText doc={parseRichText(body)} unknown="children" />;
