import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NoContent, apiClient } from '@/lib/api-client';
import { endSession } from '@/lib/auth/session';

/** DELETE /auth/delete-account with the e-mail stated again: 204, the account is gone at once. */
export const deleteAccount = async (email: string): Promise<void> => {
  await apiClient.delete('/auth/delete-account', NoContent, { body: { email }, auth: 'required' });
};

/**
 * Deletes the account, then signs out here without moving (spec §2: the done message stays).
 * `onDeleted` runs before the session ends, while the screen that asked is still there to hear it.
 */
export const useDeleteAccount = ({ onDeleted }: { onDeleted: () => void }) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      onDeleted();
      endSession(queryClient);
    },
  });
};
