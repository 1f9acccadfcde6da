import { type ResetPasswordBody, userRoutes } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** POST /user/recovery: the new password with the reset link's token. 400 when the token is wrong, used or expired. */
export const resetPassword = async (body: ResetPasswordBody): Promise<void> => {
  await callRoute(userRoutes.resetPassword, { body });
};

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
