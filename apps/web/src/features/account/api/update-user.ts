import type { UpdateUserBody } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { AnsweredUser, storeCurrentUser } from '@/lib/auth/get-current-user';
import { subjectOf, tokenStore } from '@/lib/auth/token';

/**
 * PATCH /users/{id}: name, e-mail, bio, public profile. 400 when a field is not valid or the e-mail is
 * taken; 403 when a new e-mail comes without proof of the person (`currentPassword`).
 */
export const updateUser = (id: number, body: UpdateUserBody): Promise<AnsweredUser> =>
  apiClient.patch(`/users/${id}`, AnsweredUser, { body, auth: 'required' });

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(id, body),
    onSuccess: (user) => storeCurrentUser(queryClient, subjectOf(tokenStore.get()), user),
  });
};
