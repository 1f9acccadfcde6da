import type { ChangePasswordBody } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import { NoContent, apiClient } from '@/lib/api-client';

/** PATCH /users/{id}/password: 204; 400 when the current password is wrong. */
export const changePassword = async (id: number, body: ChangePasswordBody): Promise<void> => {
  await apiClient.patch(`/users/${id}/password`, NoContent, { body, auth: 'required' });
};

export const useChangePassword = () =>
  useMutation({ mutationFn: ({ id, body }: { id: number; body: ChangePasswordBody }) => changePassword(id, body) });
