import { type ProjectFollowing, projectRoutes } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { projectsQueryKey } from './get-projects';

/** POST /projects/{id}/follow or /unfollow: answers whether the asker follows it now, and how many do. */
export const setFollowing = (id: number, follow: boolean): Promise<ProjectFollowing> =>
  callRoute(follow ? projectRoutes.followProject : projectRoutes.unfollowProject, { params: { id } });

/** Spec §4: following and unfollowing reload the project (and the lists that show its heart). */
export const useFollowProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow }: { id: number; follow: boolean }) => setFollowing(id, follow),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
};
