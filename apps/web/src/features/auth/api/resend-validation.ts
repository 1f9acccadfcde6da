import { useMutation } from '@tanstack/react-query';
import { NoContent, apiClient } from '@/lib/api-client';

/** POST /users/{id}/validate-email: sends the account-validation e-mail again. */
export const resendValidation = async (userId: number): Promise<void> => {
  await apiClient.post(`/users/${userId}/validate-email`, NoContent, { auth: 'none' });
};

export const useResendValidation = () => useMutation({ mutationFn: resendValidation });
