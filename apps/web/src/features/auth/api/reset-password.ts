import type { ResetPasswordBody } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import { NoContent, apiClient } from '@/lib/api-client';

/** POST /user/recovery: the new password with the reset link's token. 400 when the token is wrong, used or expired. */
export const resetPassword = async (body: ResetPasswordBody): Promise<void> => {
  await apiClient.post('/user/recovery', NoContent, { body, auth: 'none' });
};

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
