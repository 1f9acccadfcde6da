import { DomainError, userMessages } from '@groundtruth/domain';

export const ssoNotConfigured = () => new DomainError('not_found', 'SSO.NOT_CONFIGURED', userMessages.ssoNotConfigured);

/** One answer for everything the provider refused: the reason goes to the log, not to the browser. */
export const ssoFailed = (message: string = userMessages.ssoFailed) => new DomainError('unauthenticated', 'SSO.FAILED', message);

export const ssoUnreachable = () =>
  ssoFailed('The single sign-on provider cannot be reached right now. Please try again later, or log in with your password.');

export const ssoStateUnknown = () =>
  new DomainError(
    'validation',
    'SSO.STATE_UNKNOWN',
    'This sign-on attempt is unknown, already used or expired. Please log in again.',
  );

export const accountGone = () => new DomainError('unauthenticated', 'AUTH.ACCOUNT_GONE', userMessages.accountDeleted);
