import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_BIO_MAX,
  USER_NAME_MAX,
  isValidEmail,
  normalizeEmail,
  userMessages,
} from '@groundtruth/domain';

/**
 * The account messages the server also sends (libs/domain userMessages). The web shows its own
 * translation of each (`userMessages.<key>` in the catalogues), for its own checks and for the server's.
 */
export type MessageKey = keyof typeof userMessages;

/** Values the translated messages interpolate. */
export const messageValues = {
  min: PASSWORD_MIN,
  max: PASSWORD_MAX,
  nameMax: USER_NAME_MAX,
  bioMax: USER_BIO_MAX,
} as const;

const byText = new Map<string, MessageKey>(Object.entries(userMessages).map(([key, text]) => [text, key as MessageKey]));

/** The key of a message the server sent, when it is one of ours; null for anything else. */
export const messageKeyOf = (text: string | undefined): MessageKey | null =>
  text === undefined ? null : (byText.get(text) ?? null);

export const checkRequired = (value: string, key: MessageKey): MessageKey | undefined => (value.trim() ? undefined : key);

/** Spec §5: required, then valid. */
export const checkEmail = (value: string): MessageKey | undefined =>
  !value.trim() ? 'emailRequired' : isValidEmail(value.trim()) ? undefined : 'emailValid';

/** Spec §5, §9: required, at least 10. */
export const checkPassword = (value: string): MessageKey | undefined =>
  !value
    ? 'passwordRequired'
    : value.length < PASSWORD_MIN
      ? 'passwordTooShort'
      : value.length > PASSWORD_MAX
        ? 'passwordTooLong'
        : undefined;

export const checkConfirmation = (password: string, confirmation: string): MessageKey | undefined =>
  confirmation === password ? undefined : 'passwordsMustMatch';

export const checkName = (value: string): MessageKey | undefined =>
  !value.trim() ? 'nameRequired' : value.trim().length > USER_NAME_MAX ? 'nameTooLong' : undefined;

export const checkBio = (value: string): MessageKey | undefined => (value.length > USER_BIO_MAX ? 'bioTooLong' : undefined);

/** Two spellings of one address are one account (the server lower-cases and trims). */
export const sameEmail = (a: string, b: string): boolean => normalizeEmail(a) === normalizeEmail(b);
