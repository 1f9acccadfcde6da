/** Kinds map one-to-one to HTTP statuses in the API's single exception filter. */
export type DomainErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'gone'
  | 'conflict'
  | 'precondition_required'
  | 'too_many_requests';

export type FieldErrors = Readonly<Record<string, string>>;

/** The only error type the domain throws: a stable code, a human message, optional field errors. */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }

  static validation(code: string, fieldErrors: FieldErrors, message = 'Some fields are not valid.'): DomainError {
    return new DomainError('validation', code, message, fieldErrors);
  }
}

/** The code of every answer to an edit made on an older version than the current one. */
export const STALE_VERSION = 'VERSION.STALE';

/**
 * An edit made on an older version than the current one (someone else saved in between). A
 * conflict like any other, which the API answers with the current state so the writer can see
 * what changed before trying again.
 */
export class StaleVersion extends DomainError {
  constructor(
    code: string = STALE_VERSION,
    message = 'Someone else saved a newer version meanwhile. Your changes are not saved.',
  ) {
    super('conflict', code, message);
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
