import { userRoutes } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** POST /users/{id}/validate-email: sends the account-validation e-mail again. */
export const resendValidation = async (userId: number): Promise<void> => {
  await callRoute(userRoutes.resendValidation, { params: { id: userId } });
};

export const useResendValidation = () => useMutation({ mutationFn: resendValidation });
