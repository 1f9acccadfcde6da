/**
 * Which workspace the explore page keeps mounted while its own publishing rewrites the address.
 *
 * Each change of the workspace is stored and the address replaced by its short link; the address can
 * trail the workspace by several steps (a save answered, the router's loaders still running, another
 * change made meanwhile). A bookmark this workspace published itself — the newest or any earlier one —
 * is the workspace's own past, not another bookmark: the workspace stays (remounting it would put it
 * back to that older state and lose the changes made since). Only a bookmark it never published (a
 * pasted or opened link) opens a fresh workspace.
 */
export type WorkspaceMount = {
  /** The React key of the mounted workspace: a new key is a fresh workspace. */
  readonly key: number;
  /** Every bookmark text the mounted workspace was opened with or published. */
  readonly own: ReadonlySet<string>;
};

/** How many of a workspace's own bookmarks are remembered (the address never trails by that many). */
const REMEMBERED = 200;

/** The mount to render for the bookmark `text` the address shows now. */
export const mountFor = (mounted: WorkspaceMount | null, text: string): WorkspaceMount => {
  if (mounted === null) return { key: 0, own: new Set([text]) };
  if (mounted.own.has(text)) return mounted;
  return { key: mounted.key + 1, own: new Set([text]) };
};

/** The mount after the workspace published `text`. */
export const published = (mounted: WorkspaceMount, text: string): WorkspaceMount => {
  if (mounted.own.has(text)) return mounted;
  const own = [...mounted.own, text].slice(-REMEMBERED);
  return { key: mounted.key, own: new Set(own) };
};
