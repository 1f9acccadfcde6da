import { type RecoveryLookupBody, userRoutes } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** POST /user/recovery/lookup: mails a reset link if the address has an account; answers the same either way. */
export const requestRecovery = async (body: RecoveryLookupBody): Promise<void> => {
  await callRoute(userRoutes.recoveryLookup, { body });
};

export const useRequestRecovery = () => useMutation({ mutationFn: requestRecovery });
