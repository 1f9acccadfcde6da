import { userRoutes } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { AnsweredUser, storeCurrentUser } from '@/lib/auth/get-current-user';
import { subjectOf, tokenStore } from '@/lib/auth/token';

/** POST /user/media: the profile photo as multipart field `file`; answers the user with the new photo url. */
export const uploadUserPhoto = (file: File): Promise<AnsweredUser> => {
  const form = new FormData();
  form.append('file', file);
  return callRoute(userRoutes.uploadUserPhoto, { form, schema: AnsweredUser });
};

export const useUploadUserPhoto = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadUserPhoto,
    onSuccess: (user) => storeCurrentUser(queryClient, subjectOf(tokenStore.get()), user),
  });
};
