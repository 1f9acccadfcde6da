import type { WorkspaceLink } from '@/features/explore/api/prefetch-workspace';
import { paths } from '@/config/paths';

/**
 * The workspace link an explore address opens: a short link's token (/viz?v=, /viz/export?v=) or a
 * long link's bookmark text (?bookmark=, or the old form's path segment); null when it names none.
 */
export const workspaceLinkOf = (url: URL, pathBookmark?: string): WorkspaceLink | null => {
  const byToken = url.pathname === paths.exploreShortBookmark.path || url.pathname === paths.exploreExport.path;
  const token = byToken ? url.searchParams.get('v') : null;
  if (token) return { token };
  const text = pathBookmark ?? url.searchParams.get('bookmark');
  return text ? { text } : null;
};
