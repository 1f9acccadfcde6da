import { moderationRoutes } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

export type ReportedPost = { readonly postId: number; readonly postType: 'discussion_post' | 'data_event' };

/** POST /moderation: report someone else's post (a second report joins the open request). */
export const reportPost = async (post: ReportedPost): Promise<void> => {
  await callRoute(moderationRoutes.reportPost, { body: post });
};

/** DELETE /moderation/cancel?postId&postType: take one's own report back. */
export const cancelReport = async (post: ReportedPost): Promise<void> => {
  await callRoute(moderationRoutes.cancelReport, { query: post });
};

/** The lists mark what the asker reported: they reload after either call. */
const useReloadingLists = (fn: (post: ReportedPost) => Promise<void>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['discussion'] });
      await queryClient.invalidateQueries({ queryKey: ['data-events'] });
    },
  });
};

export const useReportPost = () => useReloadingLists(reportPost);
export const useCancelReport = () => useReloadingLists(cancelReport);
