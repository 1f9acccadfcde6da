import { type DeleteAccountBody, userRoutes } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { endSession } from '@/lib/auth/session';

/**
 * DELETE /auth/delete-account with the e-mail stated again and the password (none for an account
 * without one): 204, the account is gone at once; 400 when the e-mail differs, 403 without proof.
 */
export const deleteAccount = async (body: DeleteAccountBody): Promise<void> => {
  await callRoute(userRoutes.deleteAccount, { body });
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
