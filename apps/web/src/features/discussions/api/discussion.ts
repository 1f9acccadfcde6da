import { type DiscussionList, type DiscussionPost, discussionRoutes } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** Where a discussion lives: a project's page, or an explore workspace's bookmark (spec §2). */
export type DiscussionPlace = { readonly projectId: number } | { readonly bookmark: string };

export const discussionQueryKey = (place: DiscussionPlace) => ['discussion', place] as const;

/** GET /discussion/projects/{id} or GET /discussion?bookmark=: threads newest first, replies oldest first. */
export const getDiscussion = (place: DiscussionPlace, signal?: AbortSignal): Promise<DiscussionList> =>
  'bookmark' in place
    ? callRoute(discussionRoutes.bookmarkDiscussion, { query: { bookmark: place.bookmark }, signal })
    : callRoute(discussionRoutes.projectDiscussion, { params: { id: place.projectId }, signal });

export const discussionQueryOptions = (place: DiscussionPlace) =>
  queryOptions({ queryKey: discussionQueryKey(place), queryFn: ({ signal }) => getDiscussion(place, signal) });

export const useDiscussion = (place: DiscussionPlace) => useQuery(discussionQueryOptions(place));

export type NewPost = { readonly place: DiscussionPlace; readonly threadId?: number; readonly body: string };

/** POST /discussion: a thread on the place, or a reply in a thread (one level). */
export const createPost = ({ place, threadId, body }: NewPost) =>
  callRoute(discussionRoutes.createPost, {
    body: { post: { ...(threadId !== undefined ? { threadId } : {}), ...place, body } },
  });

/** POST /discussion/{id}: the author's new text (every edit is kept as an event). */
export const editPost = ({ postId, body }: { readonly postId: number; readonly body: string; readonly place: DiscussionPlace }) =>
  callRoute(discussionRoutes.editPost, { params: { id: postId }, body: { body } });

/** DELETE /discussion/{id}: by the author; a thread with replies stays as a "deleted" placeholder. */
export const deletePost = async ({ postId }: { readonly postId: number; readonly place: DiscussionPlace }) => {
  await callRoute(discussionRoutes.deletePost, { params: { id: postId } });
};

const useReloading = <A extends { readonly place: DiscussionPlace }, R>(fn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: (_r, _e, args) => queryClient.invalidateQueries({ queryKey: discussionQueryKey(args.place) }),
  });
};

export const useCreatePost = () => useReloading(createPost);
export const useEditPost = () => useReloading(editPost);
export const useDeletePost = () => useReloading(deletePost);

export type { DiscussionPost };
