/** The spec's notification kinds (§3): someone answered you, wrote on your project, or named you. */
export type NotificationKind = 'reply' | 'comment' | 'mention';

export type NotificationTarget = {
  readonly userId: number;
  readonly kind: NotificationKind;
};

/** What the notifications projection knows when a post is written or edited. */
export type PostAudience = {
  readonly authorId: number;
  /** Null for a top-level post. */
  readonly threadId: number | null;
  /** The people who wrote in the thread so far: its top-level author and earlier repliers. */
  readonly threadAuthors: readonly number[];
  /** For a top-level post on a project: the project's members and administrators. */
  readonly projectMembers: readonly number[];
  /** People mentioned and not mentioned before (on an edit, only the new ones). */
  readonly mentioned: readonly number[];
  /** Whether a person may read the post where it is written (the one permission policy's answer). */
  readonly mayRead: (userId: number) => boolean;
};

const rank: Record<NotificationKind, number> = { mention: 3, reply: 2, comment: 1 };

/**
 * Who is told of a post, and as what: one notification per person, the strongest kind (a mention
 * over a reply over a comment), never the author, never someone who may not read the post.
 */
export const notificationsFor = (audience: PostAudience): NotificationTarget[] => {
  const chosen = new Map<number, NotificationKind>();
  const offer = (userId: number, kind: NotificationKind) => {
    const had = chosen.get(userId);
    if (!had || rank[kind] > rank[had]) chosen.set(userId, kind);
  };
  if (audience.threadId !== null) for (const id of audience.threadAuthors) offer(id, 'reply');
  else for (const id of audience.projectMembers) offer(id, 'comment');
  for (const id of audience.mentioned) offer(id, 'mention');
  return [...chosen]
    .filter(([userId]) => userId !== audience.authorId && audience.mayRead(userId))
    .map(([userId, kind]) => ({ userId, kind }));
};

/** Fibonacci reconnect delays (spec §4, §9): 1 s, 1 s, 2 s, 3 s, 5 s … capped at 60 s. */
export const reconnectDelayMs = (attempt: number): number => {
  let [a, b] = [1, 1];
  for (let i = 0; i < attempt; i++) [a, b] = [b, a + b];
  return Math.min(a, 60) * 1000;
};
