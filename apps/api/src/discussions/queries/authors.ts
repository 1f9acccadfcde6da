import { DELETED_USER_NAME } from '@groundtruth/domain';

export const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

/** The author columns every discussion query joins from `users` (alias `u`). */
export const AUTHOR_COLUMNS = 'u.name AS author_name, u.photo AS author_photo, u.deleted AS author_deleted';

export type AuthorColumns = { author_name: string | null; author_photo: string | null; author_deleted: boolean | null };

/** An author as posts show them; a deleted account is "Deleted user" with no photo. */
export const authorOf = (authorId: number, r: AuthorColumns) => {
  const gone = r.author_name === null || r.author_deleted === true;
  return {
    id: authorId,
    name: gone ? DELETED_USER_NAME : r.author_name!,
    photo: !gone && r.author_photo ? `/api/user/${authorId}/media?v=${encodeURIComponent(r.author_photo.slice(-12))}` : null,
  };
};
