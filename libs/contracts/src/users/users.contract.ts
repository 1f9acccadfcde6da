import { z } from 'zod';
import { ExpectedVersion, Version } from '../common/version.contract.js';
import {
  LOCALES,
  MEDIA_WIDTHS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_BIO_MAX,
  USER_NAME_MAX,
  isValidEmail,
  userMessages,
} from '@groundtruth/domain';

export const Email = z
  .string({ error: userMessages.emailRequired })
  .trim()
  .min(1, { error: userMessages.emailRequired })
  .refine(isValidEmail, { error: userMessages.emailValid })
  .meta({ example: 'ana@example.org' });

export const NewPassword = z
  .string({ error: userMessages.passwordRequired })
  .min(1, { error: userMessages.passwordRequired })
  .min(PASSWORD_MIN, { error: userMessages.passwordTooShort })
  .max(PASSWORD_MAX, { error: userMessages.passwordTooLong });

/** A password being checked, not chosen: any non-empty text (old accounts may predate the rules). */
export const GivenPassword = z
  .string({ error: userMessages.passwordRequired })
  .min(1, { error: userMessages.passwordRequired })
  .max(PASSWORD_MAX * 2 + 1, { error: userMessages.passwordTooLong });

const Name = z
  .string({ error: userMessages.nameRequired })
  .trim()
  .min(1, { error: userMessages.nameRequired })
  .max(USER_NAME_MAX, { error: userMessages.nameTooLong });

export const UserPhoto = z.object({ url: z.string() }).meta({ id: 'UserPhoto' });

/** The signed-in user (spec §3 User). */
export const User = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    bio: z.string(),
    photo: UserPhoto.nullable(),
    publicProfile: z.boolean(),
    emailValidated: z.boolean(),
    hasPassword: z.boolean().meta({
      description:
        'Whether the account has a password (the proof for an e-mail or password change and deletion); without one (single sign-on), a sign-in at most 5 minutes old is',
    }),
    tncDate: z.string().nullable().meta({ description: 'When the user last accepted the terms' }),
    termsCurrent: z.boolean().meta({ description: 'Accepted terms are not older than the terms in force (TERMS_DATE)' }),
    admin: z.boolean(),
    moderator: z.boolean(),
    locale: z.enum(LOCALES).meta({ description: 'The language account e-mails are written in' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version.meta({ description: 'Send back with PATCH /users/{id}' }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const RegisterBody = z
  .object({
    name: Name,
    email: Email,
    password: NewPassword,
    passwordConfirmation: z.string().optional(),
    tncAccept: z.literal(true, { error: userMessages.tncRequired }),
  })
  .refine((b) => b.passwordConfirmation === undefined || b.passwordConfirmation === b.password, {
    error: userMessages.passwordsMustMatch,
    path: ['passwordConfirmation'],
  })
  .meta({ id: 'Register' });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const UpdateUserBody = z
  .object({
    name: Name.optional(),
    email: Email.optional(),
    bio: z.string().max(USER_BIO_MAX, { error: userMessages.bioTooLong }).optional(),
    publicProfile: z.boolean().optional(),
    version: ExpectedVersion,
    currentPassword: GivenPassword.optional().meta({
      description:
        'Needed to change the e-mail of an account with a password (else 403 USER.PROOF_PASSWORD_REQUIRED); an account without one needs a sign-in at most 5 minutes old',
    }),
  })
  .meta({ id: 'UpdateUser' });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const ChangePasswordBody = z
  .object({
    oldPassword: z
      .string({ error: userMessages.currentPasswordRequired })
      .min(1, { error: userMessages.currentPasswordRequired })
      .max(PASSWORD_MAX * 2 + 1, { error: userMessages.passwordTooLong })
      .optional()
      .meta({
        description:
          'The current password (missing or wrong: 403); an account without one (single sign-on) needs a sign-in at most 5 minutes old instead',
      }),
    newPassword: NewPassword,
  })
  .meta({ id: 'ChangePassword' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const AcceptTermsBody = z.object({ accept: z.boolean() }).meta({ id: 'AcceptTerms' });
export type AcceptTermsBody = z.infer<typeof AcceptTermsBody>;

export const RecoveryLookupBody = z.object({ email: Email }).meta({ id: 'RecoveryLookup' });
export type RecoveryLookupBody = z.infer<typeof RecoveryLookupBody>;

export const ResetPasswordBody = z
  .object({ token: z.string().min(1).max(2000), password: NewPassword })
  .meta({ id: 'ResetPassword' });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/**
 * The account's e-mail again (spec §5 deleteAccount.sameEmail: it must equal the sign-in e-mail), and
 * the password as proof of the person (an account without one: a sign-in at most 5 minutes old).
 */
export const DeleteAccountBody = z.object({ email: Email, password: GivenPassword.optional() }).meta({ id: 'DeleteAccount' });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const UndoEmailChangeBody = z.object({ token: z.string().min(1).max(2000) }).meta({ id: 'UndoEmailChange' });
export type UndoEmailChangeBody = z.infer<typeof UndoEmailChangeBody>;

export const MentionablesQuery = z.object({ query: z.string().trim().max(100).default('') });
export const Mentionable = z.object({ id: z.number().int(), name: z.string(), mention: z.string() });
export const MentionableList = z.object({ mentions: z.array(Mentionable) }).meta({ id: 'MentionableList' });
export type MentionableList = z.infer<typeof MentionableList>;

export const PhotoSizeQuery = z.object({
  size: z.coerce
    .number()
    .int()
    .min(16)
    .max(100_000)
    .optional()
    .meta({ description: `Width in pixels, served as the next of ${MEDIA_WIDTHS.join(', ')} (the largest above it)` }),
});
