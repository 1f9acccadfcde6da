/** What a page address's hash points at in a discussion (spec §2: `#comment-id-{id}`, `#event-id-{id}`). */
export type PostTarget = { readonly kind: 'comment' | 'event'; readonly id: number };

const pattern = /^#?(comment|event)-id-([1-9][0-9]{0,15})$/;

/** The post a hash names, or null for any other hash. */
export const postTargetOf = (hash: string): PostTarget | null => {
  const match = pattern.exec(hash.trim());
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { kind: match[1] === 'event' ? 'event' : 'comment', id } : null;
};

/** The element id (and hash without '#') of a comment or a data event. */
export const postAnchor = (target: PostTarget): string => `${target.kind}-id-${target.id}`;
