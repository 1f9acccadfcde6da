import type { UndoEmailChangeBody } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import { NoContent, apiClient } from '@/lib/api-client';

/** POST /user/email/undo: the token of the link mailed to the old address. 400 when it is wrong, used or expired. */
export const undoEmailChange = async (body: UndoEmailChangeBody): Promise<void> => {
  await apiClient.post('/user/email/undo', NoContent, { body, auth: 'none' });
};

export const useUndoEmailChange = () => useMutation({ mutationFn: undoEmailChange });
