import type { RecoveryLookupBody } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import { NoContent, apiClient } from '@/lib/api-client';

/** POST /user/recovery/lookup: mails a reset link if the address has an account; answers the same either way. */
export const requestRecovery = async (body: RecoveryLookupBody): Promise<void> => {
  await apiClient.post('/user/recovery/lookup', NoContent, { body, auth: 'none' });
};

export const useRequestRecovery = () => useMutation({ mutationFn: requestRecovery });
