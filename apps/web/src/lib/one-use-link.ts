import { isApiError } from '@/lib/api-client';

/**
 * Why acting on a mailed one-use link failed (reset password, undo an e-mail change): the link itself
 * was refused (used, expired, unknown: show the screen that says so), too many attempts, or anything
 * else (network, 5xx), where the visitor stays and may try again.
 */
export type OneUseLinkFailure = 'link' | 'tooManyAttempts' | 'unknown';

export const oneUseLinkFailure = (error: unknown): OneUseLinkFailure => {
  if (isApiError(error) && error.isTooManyAttempts) return 'tooManyAttempts';
  if (isApiError(error) && error.isClientError) return 'link';
  return 'unknown';
};
