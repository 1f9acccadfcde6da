import type { Locale } from '@groundtruth/domain';
import { col, readModelTable, type RowOf } from './read-model-table.js';

/** Written by the projector's users projection. */
export const usersTable = readModelTable(
  'users',
  {
    id: col.bigint().primary(),
    revision: col.bigint(),
    email: col.text().nullable(),
    name: col.text(),
    bio: col.text(),
    photo: col.text().nullable(),
    public_profile: col.boolean(),
    email_validated: col.boolean(),
    /** Whether the account has a password (else single sign-on only): which proof of the person it gives. */
    has_password: col.boolean(),
    locale: col.text<Locale>(),
    tnc_date: col.timestamptz().nullable(),
    admin: col.boolean(),
    moderator: col.boolean(),
    deleted: col.boolean(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  {
    indexes: [
      { suffix: 'email', on: 'email' },
      { suffix: 'name', on: 'lower(name) text_pattern_ops', where: 'NOT deleted' },
    ],
  },
);
export type UserRow = RowOf<typeof usersTable.columns>;
