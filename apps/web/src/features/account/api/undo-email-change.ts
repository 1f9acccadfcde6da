import { type UndoEmailChangeBody, userRoutes } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** POST /user/email/undo: the token of the link mailed to the old address. 400 when it is wrong, used or expired. */
export const undoEmailChange = async (body: UndoEmailChangeBody): Promise<void> => {
  await callRoute(userRoutes.undoEmailChange, { body });
};

export const useUndoEmailChange = () => useMutation({ mutationFn: undoEmailChange });
