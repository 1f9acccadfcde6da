import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { AnsweredUser, storeCurrentUser } from '@/lib/auth/get-current-user';
import { subjectOf, tokenStore } from '@/lib/auth/token';

/** PATCH /users/{id}/accept-tnc: records acceptance of the terms in force. */
export const acceptTerms = (id: number): Promise<AnsweredUser> =>
  apiClient.patch(`/users/${id}/accept-tnc`, AnsweredUser, { body: { accept: true }, auth: 'required' });

export const useAcceptTerms = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    // The answer was accepted just now: the terms are current whatever the answer says about it.
    onSuccess: (user) => storeCurrentUser(queryClient, subjectOf(tokenStore.get()), { ...user, termsCurrent: true }),
  });
};
