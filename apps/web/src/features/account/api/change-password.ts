import { type ChangePasswordBody, userRoutes } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { currentUserQueryKey } from '@/lib/auth/get-current-user';
import { subjectOf, tokenStore } from '@/lib/auth/token';

/** PATCH /users/{id}/password: 204; 403 when the current password is missing or wrong (or, without one, the sign-in is old). */
export const changePassword = async (id: number, body: ChangePasswordBody): Promise<void> => {
  await callRoute(userRoutes.changePassword, { params: { id }, body });
};

export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ChangePasswordBody }) => changePassword(id, body),
    // An account's first password (after single sign-on) changes what the forms ask for.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey(subjectOf(tokenStore.get())) }),
  });
};
