/** Spec §5 and §9. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
export const USER_NAME_MAX = 100;
export const USER_BIO_MAX = 1000;
export const EMAIL_MAX = 254;

/** Messages the web app also shows; spec §5 and §8 wording where the spec gives it. */
export const userMessages = {
  nameRequired: 'Name is a required field.',
  nameTooLong: `Name has a limit of ${USER_NAME_MAX} characters.`,
  emailRequired: 'Email is a required field.',
  emailValid: 'Must be a valid email address.',
  emailTaken: 'This address appears to already be registered.',
  passwordRequired: 'Password is a required field.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password has a limit of ${PASSWORD_MAX} characters.`,
  passwordsMustMatch: 'Passwords must match.',
  currentPasswordRequired: 'Your current password is required.',
  recentSignInRequired: 'For your safety, please sign in again (at most 5 minutes ago) before doing this.',
  emailUndoFailed: 'This link has already been used or has expired.',
  tncRequired: 'You must accept the terms and conditions.',
  bioTooLong: `Bio has a limit of ${USER_BIO_MAX} characters.`,
  loginFailed: 'Unfortunately we were unable to log you in. Please check your credentials and try again.',
  emailNotValidated: 'Please validate your e-mail address first: follow the link we sent you, or ask for a new one.',
  passwordCheckFailed: 'Please check your password and try again.',
  resetFailed: 'Unfortunately we were unable to reset your password',
  sameEmail: 'Does not match your email.',
  tokenExpired: 'Your access token has expired.',
  tokenInvalid: 'Your access token is not valid.',
  refreshTokenInvalid: 'Your refresh token is not valid. Please log in again.',
  sessionEnded: 'Your session has ended. Please log in again.',
  signInRequired: 'Please log in to do this.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  accountDeleted: 'This account has been deleted.',
  userNotFound: 'Oops! No users found.',
  notAllowed: 'You are not allowed to do this.',
  adminOnly: 'Only site administrators may do this.',
  ssoNotConfigured: 'Single sign-on is not configured on this server.',
  ssoFailed: 'Single sign-on did not complete. Please try again.',
  ssoBadSignature: 'The forum sign-on request is not signed correctly.',
} as const;

/** Lower-case and trim, so one address is one account whatever its spelling. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Deliberately simple: one @, something on each side, a dot in the domain, no spaces. */
export const isValidEmail = (email: string): boolean => email.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** Spec §5: terms are valid only if the user's terms date is not older than the configured terms date. */
export const termsAreCurrent = (tncDate: string | null, requiredDate: string): boolean =>
  tncDate !== null && Date.parse(tncDate) >= Date.parse(requiredDate);

/** The product's languages (spec §3); account e-mails are written in the one a person uses. */
export const LOCALES = ['en-US', 'es-ES'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** The best supported language for an Accept-Language header: Spanish when asked before English. */
export const localeFromAcceptLanguage = (header: string | undefined): Locale => {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'es' || tag.startsWith('es-')) return 'es-ES';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return DEFAULT_LOCALE;
};

/** How a deleted person is shown wherever they appeared. */
export const DELETED_USER_NAME = 'Deleted user';
