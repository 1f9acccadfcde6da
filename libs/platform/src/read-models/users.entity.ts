import type { Locale } from '@groundtruth/domain';

/** A row of `users` (the projector's users projection writes it; its DDL is there). */
export type UserRow = {
  id: string;
  revision: string;
  email: string | null;
  name: string;
  bio: string;
  photo: string | null;
  public_profile: boolean;
  email_validated: boolean;
  /** Whether the account has a password (else single sign-on only): which proof of the person it gives. */
  has_password: boolean;
  locale: Locale;
  tnc_date: Date | null;
  admin: boolean;
  moderator: boolean;
  deleted: boolean;
  created_at: Date;
  updated_at: Date;
};
