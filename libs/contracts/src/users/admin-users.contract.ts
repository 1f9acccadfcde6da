import { z } from 'zod';
import { Email, NewPassword } from './users.contract.js';

/** Spec §5: e-mail required and valid; the admin's own password, at least 10. */
export const AdminDeleteUserBody = z.object({ email: Email, password: NewPassword }).meta({ id: 'AdminDeleteUser' });
export type AdminDeleteUserBody = z.infer<typeof AdminDeleteUserBody>;

export const AdminClearTermsBody = z.object({ email: Email }).meta({ id: 'AdminClearTerms' });
export type AdminClearTermsBody = z.infer<typeof AdminClearTermsBody>;

export const UserSearchQuery = z.object({ query: z.string().trim().min(1, { error: 'Type something to search for.' }).max(100) });
export const UserSearchResult = z
  .object({ users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })) })
  .meta({ id: 'UserSearchResult' });
export type UserSearchResult = z.infer<typeof UserSearchResult>;
