/**
 * A row as a projection writes it: a timestamp may be the ISO text an event carries, which Postgres
 * stores as the same `timestamptz` it answers as a `Date`.
 */
export type WrittenRow<R> = { [K in keyof R]: Date extends R[K] ? R[K] | string : R[K] };

/** Columns from the far side of a LEFT JOIN: null when no row matched. */
export type LeftJoined<R> = { [K in keyof R]: R[K] | null };
