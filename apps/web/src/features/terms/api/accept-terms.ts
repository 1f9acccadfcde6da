import { userRoutes } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { AnsweredUser, storeCurrentUser } from '@/lib/auth/get-current-user';
import { subjectOf, tokenStore } from '@/lib/auth/token';

/** PATCH /users/{id}/accept-tnc: records acceptance of the terms in force. */
export const acceptTerms = (id: number): Promise<AnsweredUser> =>
  callRoute(userRoutes.acceptTerms, { params: { id }, body: { accept: true }, schema: AnsweredUser });

export const useAcceptTerms = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    // The answer was accepted just now: the terms are current whatever the answer says about it.
    onSuccess: (user) => storeCurrentUser(queryClient, subjectOf(tokenStore.get()), { ...user, termsCurrent: true }),
  });
};
