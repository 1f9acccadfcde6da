import type { Notification } from '@groundtruth/contracts';
import { paths } from '@/config/paths';

/**
 * Where a notification leads (spec §2 Notifications): the project's page or the explore bookmark,
 * with `#comment-id-{postId}` so the comment scrolls into view. A bookmark is either a stored
 * bookmark's short token or the bookmark itself as JSON.
 */
export const notificationHref = (n: Pick<Notification, 'projectId' | 'bookmark' | 'postId'>): string | null => {
  const hash = `#comment-id-${n.postId}`;
  if (n.bookmark !== null && n.bookmark !== '') {
    const text = n.bookmark.trim();
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        return `${paths.exploreBookmark.getHref(JSON.parse(text))}${hash}`;
      } catch {
        return null;
      }
    }
    return `${paths.exploreShortBookmark.getHref(text)}${hash}`;
  }
  if (n.projectId !== null) return `${paths.viewProject.getHref(n.projectId)}${hash}`;
  return null;
};
