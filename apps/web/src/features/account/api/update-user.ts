import { type UpdateUserBody, userRoutes } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { callRoute } from '@/lib/call-route';
import { AnsweredUser, storeCurrentUser } from '@/lib/auth/get-current-user';
import { subjectOf, tokenStore } from '@/lib/auth/token';

/**
 * PATCH /users/{id}: name, e-mail, bio, public profile, made on the profile's `version`. 400 when a
 * field is not valid or the e-mail is taken; 403 when a new e-mail comes without proof of the person
 * (`currentPassword`); 409 when the profile changed since it was read.
 */
export const updateUser = (id: number, body: UpdateUserBody, version: number): Promise<AnsweredUser> =>
  callRoute(userRoutes.updateUser, { params: { id }, body: { ...body, version }, schema: AnsweredUser });

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  const store = (user: AnsweredUser) => storeCurrentUser(queryClient, subjectOf(tokenStore.get()), user);
  return useMutation({
    mutationFn: ({ id, body, version }: { id: number; body: UpdateUserBody; version: number }) => updateUser(id, body, version),
    onSuccess: store,
    onError: (error) => {
      // A 409 carries the profile as it is now: it becomes the one the next save is made on.
      const current = isApiError(error) && error.isConflict ? AnsweredUser.safeParse(error.current) : null;
      if (current?.success) store(current.data);
    },
  });
};
